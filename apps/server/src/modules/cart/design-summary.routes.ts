import {
  PAPER_SIZES,
  dataOf,
  designSummarySchema,
  errorBodySchema,
  shareLinkSchema,
} from '@roomcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate';
import { idFromPath } from '../../http/path-ids';
import type { AuthService } from '../auth/auth.service';
import type { DesignSummaryService } from './design-summary.service';

const idParams = z.object({ id: z.string() });
const errors = { 401: errorBodySchema, 404: errorBodySchema, 419: errorBodySchema };

/** A file name from a design name: letters, digits and dashes. */
export function fileNameOf(name: string, fallback: string) {
  const safe = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return safe || fallback;
}

export const designSummaryRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  summaries: DesignSummaryService;
}> = (app, { auth, summaries }) => {
  const tags = ['summaries'];

  app.get(
    '/designs/:id/summary',
    {
      schema: { tags, params: idParams, response: { 200: dataOf(designSummarySchema), ...errors } },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: await summaries.summary(user.id, idFromPath(request.params.id)) };
    },
  );

  app.get(
    '/designs/:id/summary.pdf',
    {
      schema: {
        tags,
        description: 'The summary as a PDF, A4 by default or US Letter.',
        params: idParams,
        querystring: z.object({ paper: z.enum(PAPER_SIZES).default('a4') }),
      },
    },
    async (request, reply) => {
      const { user } = await requireAuth(request, auth);
      const { name, pdf } = await summaries.pdf(
        user.id,
        idFromPath(request.params.id),
        request.query.paper,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${fileNameOf(name, 'design')}-summary.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/designs/:id/share-links',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: dataOf(z.array(shareLinkSchema)), ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: await summaries.shareLinks(user.id, idFromPath(request.params.id)) };
    },
  );

  app.post(
    '/designs/:id/share-links',
    { schema: { tags, params: idParams, response: { 201: dataOf(shareLinkSchema), ...errors } } },
    async (request, reply) => {
      const { user } = await requireAuth(request, auth);
      const link = await summaries.share(user.id, idFromPath(request.params.id));
      return reply.code(201).send({ data: link });
    },
  );

  app.delete(
    '/share-links/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { user } = await requireAuth(request, auth);
      await summaries.revoke(user.id, idFromPath(request.params.id));
      return reply.code(204).send(null);
    },
  );

  const tokenParams = z.object({ token: z.string().max(100) });
  app.get(
    '/shared/:token',
    {
      schema: {
        tags,
        description: 'The public, read-only summary behind a share link; 404 once revoked.',
        params: tokenParams,
        response: { 200: dataOf(designSummarySchema), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await summaries.shared(request.params.token) };
    },
  );

  app.get(
    '/shared/:token/:which',
    {
      schema: {
        tags,
        params: tokenParams.extend({ which: z.enum(['before', 'after']) }),
      },
    },
    async (request, reply) => {
      const { image, body, size } = await summaries.sharedImage(
        request.params.token,
        request.params.which,
      );
      return (
        reply
          .header('content-type', image.content_type)
          .header('content-length', size)
          // A revoked link must stop showing the image at once.
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(body)
      );
    },
  );
  return Promise.resolve();
};
