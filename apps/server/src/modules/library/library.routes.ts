import {
  colourQuerySchema,
  dataOf,
  errorBodySchema,
  libraryTextureSchema,
  paintColourSchema,
  productQuerySchema,
  productSchema,
  textureQuerySchema,
} from '@roomcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import type { ObjectStorage } from '../../platform/storage';
import type { LibraryService } from './library.service';

const IMAGE_KEY = /^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;
const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The catalogue is public: guests design too. */
export const libraryRoutes: FastifyPluginAsyncZod<{
  library: LibraryService;
  catalogueStorage: ObjectStorage;
}> = (app, { library, catalogueStorage }) => {
  const tags = ['library'];

  app.get(
    '/colors',
    {
      schema: {
        tags,
        querystring: colourQuerySchema,
        response: { 200: dataOf(z.array(paintColourSchema)) },
      },
    },
    async (request) => ({ data: await library.colours(request.query) }),
  );

  app.get(
    '/products',
    {
      schema: {
        tags,
        querystring: productQuerySchema,
        response: { 200: dataOf(z.array(productSchema)), 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await library.products(request.query) }),
  );

  app.get(
    '/textures',
    {
      schema: {
        tags,
        querystring: textureQuerySchema,
        response: { 200: dataOf(z.array(libraryTextureSchema)) },
      },
    },
    async (request) => ({ data: await library.textures(request.query) }),
  );

  app.get(
    '/materials',
    { schema: { tags, response: { 200: dataOf(z.record(z.string(), z.array(z.string()))) } } },
    () => ({ data: library.materials() }),
  );

  app.get(
    '/images/:key',
    { schema: { tags, params: z.object({ key: z.string() }) } },
    async (request, reply) => {
      const { key } = request.params;
      const extension = IMAGE_KEY.exec(key)?.[1] as keyof typeof CONTENT_TYPES | undefined;
      const object = extension ? await catalogueStorage.get(key) : undefined;
      if (!extension || !object) throw notFound();
      return reply
        .header('content-type', CONTENT_TYPES[extension])
        .header('content-length', object.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(object.body);
    },
  );
  return Promise.resolve();
};
