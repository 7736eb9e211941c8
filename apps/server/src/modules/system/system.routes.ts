import {
  MAX_FILE_SIZE_MB,
  dataOf,
  globalConfigSchema,
  type DesignConfig,
} from '@roomcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import rootPackage from '../../../../../package.json' with { type: 'json' };
import type { Database } from '../../db/database';
import type { readiness } from './readiness';
import { pingDatabase } from './system.repository';

/** One version for the whole product: the root package's. */
export const APP_VERSION = rootPackage.version;

export const systemRoutes: FastifyPluginAsyncZod<{
  db: Database;
  designConfig: DesignConfig;
  /** The readiness checks (database, storage, queue, models). */
  ready: () => ReturnType<typeof readiness>;
}> = (app, { db, designConfig, ready }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );

  // Liveness is /health (this process answers and reaches its database); readiness is whether
  // it can serve: a load balancer sends traffic only while this answers 200.
  const check = z.object({ ok: z.boolean(), error: z.string().optional() }).loose();
  const readyAnswer = z.object({
    status: z.enum(['ready', 'unavailable']),
    checks: z.object({
      database: check,
      storage: check,
      queue: check,
      models: z.object({ location: z.string() }).loose(),
    }),
  });
  app.get(
    '/ready',
    { schema: { tags: ['system'], response: { 200: readyAnswer, 503: readyAnswer } } },
    async (_request, reply) => {
      const answer = await ready();
      return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );

  app.get(
    '/config',
    { schema: { tags: ['system'], response: { 200: dataOf(globalConfigSchema) } } },
    () => ({
      data: { version: APP_VERSION, maxFileSize: MAX_FILE_SIZE_MB, design: designConfig },
    }),
  );
  return Promise.resolve();
};
