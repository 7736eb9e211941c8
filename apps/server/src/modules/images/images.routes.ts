import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate';
import type { AuthService } from '../auth/auth.service';
import { readStream, type ImagesService } from './images.service';

/** A download's file name: letters, digits and dashes from the name the app gives. */
export function downloadName(name: string, ext: string) {
  const safe = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return `${safe || 'roomcraft-image'}.${ext}`;
}

export const imagesRoutes: FastifyPluginAsyncZod<{ auth: AuthService; images: ImagesService }> = (
  app,
  { auth, images },
) => {
  app.get(
    '/files/:key',
    {
      schema: {
        tags: ['images'],
        description:
          "One of the signed-in user's stored images; anyone else's is a 404. With `download`, an attachment of that name at full resolution, as PNG or (format=jpeg) JPEG.",
        params: z.object({ key: z.string() }),
        querystring: z.object({
          download: z.string().max(200).optional(),
          format: z.enum(['png', 'jpeg']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { user } = await requireAuth(request, auth);
      const { image, body, size } = await images.open(user.id, request.params.key);
      const { download, format } = request.query;
      if (download !== undefined) {
        const wanted = format ?? (image.ext === 'jpg' ? 'jpeg' : 'png');
        const bytes = await readStream(body);
        const converted =
          (wanted === 'jpeg') === (image.ext === 'jpg')
            ? bytes
            : wanted === 'jpeg'
              ? await sharp(bytes)
                  .flatten({ background: '#ffffff' })
                  .jpeg({ quality: 92 })
                  .toBuffer()
              : await sharp(bytes).png().toBuffer();
        return reply
          .header('content-type', wanted === 'jpeg' ? 'image/jpeg' : 'image/png')
          .header(
            'content-disposition',
            `attachment; filename="${downloadName(download, wanted === 'jpeg' ? 'jpg' : 'png')}"`,
          )
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(converted);
      }
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
