import {
  checkoutRequestSchema,
  checkoutSessionSchema,
  checkoutStatusSchema,
  creditPackagesAnswerSchema,
  dataOf,
  errorBodySchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  testCheckoutSchema,
} from '@roomcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate';
import type { AuthService } from '../auth/auth.service';
import type { CreditsService } from './credits.service';

const sessionParams = z.object({ sessionId: z.string().min(1).max(255) });
const errors = { 401: errorBodySchema, 404: errorBodySchema, 419: errorBodySchema };

export const creditsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  credits: CreditsService;
}> = (app, { auth, credits }) => {
  const tags = ['credits'];

  app.get('/packages', { schema: { tags, response: { 200: creditPackagesAnswerSchema } } }, () => ({
    data: [...credits.packages],
    meta: { provider: credits.providerName },
  }));

  app.post(
    '/checkout',
    {
      schema: {
        tags,
        body: checkoutRequestSchema,
        response: { 201: dataOf(checkoutSessionSchema), 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await requireAuth(request, auth);
      const session = await credits.startCheckout(user, request.body.package_id);
      return reply.code(201).send({ data: session });
    },
  );

  app.get(
    '/checkout/:sessionId',
    {
      schema: {
        tags,
        params: sessionParams,
        response: { 200: dataOf(checkoutStatusSchema), ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: await credits.checkoutStatus(user.id, request.params.sessionId) };
    },
  );

  app.get(
    '/ledger',
    {
      schema: {
        tags,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return credits.ledger(user.id, request.query.page);
    },
  );

  // The test-mode provider's checkout page (the SPA's /test-checkout/:sessionId) reads and settles
  // its session here. Only the purchase's owner, and only while the test provider is in use.
  app.get(
    '/test-checkout/:sessionId',
    {
      schema: {
        tags,
        params: sessionParams,
        response: { 200: dataOf(testCheckoutSchema), ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: await credits.testCheckout(user.id, request.params.sessionId) };
    },
  );

  for (const [path, outcome] of [
    ['pay', 'paid'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(
      `/test-checkout/:sessionId/${path}`,
      {
        schema: {
          tags,
          params: sessionParams,
          response: { 200: dataOf(testCheckoutSchema), ...errors },
        },
      },
      async (request) => {
        const { user } = await requireAuth(request, auth);
        return {
          data: await credits.settleTestCheckout(user.id, request.params.sessionId, outcome),
        };
      },
    );
  }
  return Promise.resolve();
};
