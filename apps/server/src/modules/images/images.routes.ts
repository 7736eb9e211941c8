import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate';
import type { AuthService } from '../auth/auth.service';
import type { ImagesService } from './images.service';

export const imagesRoutes: FastifyPluginAsyncZod<{ auth: AuthService; images: ImagesService }> = (
  app,
  { auth, images },
) => {
  app.get(
    '/files/:key',
    {
      schema: {
        tags: ['images'],
        description: "One of the signed-in user's stored images; anyone else's is a 404.",
        params: z.object({ key: z.string() }),
      },
    },
    async (request, reply) => {
      const { user } = await requireAuth(request, auth);
      const { image, body, size } = await images.open(user.id, request.params.key);
      return (
        reply
          .header('content-type', image.content_type)
          .header('content-length', size)
          // The bytes behind a name never change; only their owner may keep a copy.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(body)
      );
    },
  );
  return Promise.resolve();
};
