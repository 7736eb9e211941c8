import { errorBodySchema, messageSchema } from '@roomcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { WebhookSignatureError } from '../../platform/payments/payment-provider';
import type { CreditsService } from './credits.service';

/**
 * Payment providers' webhooks. Stripe signs the exact bytes it sent, so this plugin (and only it)
 * keeps JSON bodies raw; the caller is proven by the signature, not by a browser session, so the
 * route opts out of the anti-forgery check.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ credits: CreditsService }> = (
  app,
  { credits },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/stripe/webhook',
    {
      config: { csrf: false },
      schema: {
        hide: true,
        response: { 200: messageSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'Expected a JSON body');
      try {
        await credits.handleStripeWebhook(
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new HttpError(400, 'Invalid webhook signature');
        throw error;
      }
      return { message: 'ok' };
    },
  );
  return Promise.resolve();
};
