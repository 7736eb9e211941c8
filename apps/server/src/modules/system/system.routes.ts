import {
  MAX_FILE_SIZE_MB,
  dataOf,
  globalConfigSchema,
  type DesignConfig,
} from '@roomcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'kysely';
import rootPackage from '../../../../../package.json' with { type: 'json' };
import type { Database } from '../../db/database';

/** One version for the whole product: the root package's. */
export const APP_VERSION = rootPackage.version;

export const systemRoutes: FastifyPluginAsyncZod<{ db: Database; designConfig: DesignConfig }> = (
  app,
  { db, designConfig },
) => {
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
        await sql`select 1`.execute(db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
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
