import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * Helmet's headers, worked out once. Without nonces they are the same for every response, and
 * building helmet per request (as @fastify/helmet does) cost ~5% of a request's CPU.
 */
export function staticSecurityHeaders(options: Readonly<HelmetOptions>) {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      Reflect.deleteProperty(headers, name.toLowerCase());
    },
  };
  helmet(options)(
    new IncomingMessage(new Socket()),
    response as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = staticSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // JSON answers carry people's data (profile, designs, credits): no cache, shared or private,
  // may keep them. Answers that set their own policy (images) keep it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('application/json') &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
