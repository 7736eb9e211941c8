import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  created: number;
}

async function formOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * A local HTTP server speaking the part of Stripe's API the app uses (Checkout Sessions: create,
 * retrieve, and list by payment), form-encoded in and JSON out as Stripe does, with what each request carried kept
 * for the test to inspect. The official SDK is pointed at it; webhook payloads are signed with the
 * SDK's own test-header helper.
 */
export async function startFakeStripe(webhookSecret: string) {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: { method: string; path: string; authorization: string | undefined }[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
      });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = await formOf(request);
        const sessionId = id('cs');
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const session: FakeCheckoutSession = {
          id: sessionId,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          mode: form.get('mode') ?? '',
          status: 'open',
          payment_status: 'unpaid',
          amount_total:
            Number(form.get('line_items[0][price_data][unit_amount]')) *
            Number(form.get('line_items[0][quantity]')),
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          payment_intent: null,
          customer_email: form.get('customer_email'),
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          metadata,
          created: Math.floor(Date.now() / 1000),
        };
        sessions.set(sessionId, session);
        return send(200, session);
      }
      if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const paymentIntent = url.searchParams.get('payment_intent');
        const data = [...sessions.values()].filter(
          (session) => paymentIntent === null || session.payment_intent === paymentIntent,
        );
        return send(200, { object: 'list', url: url.pathname, has_more: false, data });
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && retrieve?.[1]) {
        const session = sessions.get(decodeURIComponent(retrieve[1]));
        if (session) return send(200, session);
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${retrieve[1]}'`,
          },
        });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe('sk_test_signer');

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    /** The customer pays on Stripe's page. */
    pay(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = id('pi');
      return session;
    },
    /** An event as Stripe would POST it, with its Stripe-Signature header. */
    event(type: string, object: unknown, secret = webhookSecret) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
