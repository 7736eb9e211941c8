import { XSRF_COOKIE, XSRF_HEADER } from '@roomcraft/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { safeEqual } from '../platform/tokens';
import { csrfMismatch } from './errors';
import { issueSessionCookies, sessionTokenOf, xsrfTokenFor } from './session-cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false only for a route that proves its caller otherwise and has no browser session, e.g.
     * a payment provider's signed webhook; every other route keeps the check.
     */
    csrf?: boolean;
  }
}

/**
 * Every state-changing request must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header, and
 * the token must belong to the request's session; otherwise 419. The rule looks at the method
 * only, never at the path: the router decodes `/%61pi/...` to `/api/...`, so a decision on the
 * raw URL could be skipped by spelling the path differently (decision 010). A route may opt
 * out only by its own config, which belongs to what the router matched, however it was spelled.
 */
export function registerCsrfProtection(app: FastifyInstance, config: AppConfig) {
  app.get('/api/csrf-cookie', { schema: { hide: true } }, (request, reply) => {
    issueSessionCookies(config, reply, sessionTokenOf(request) ?? undefined);
    return reply.code(204).send();
  });

  app.addHook('onRequest', (request, _reply, done) => {
    done(
      SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false
        ? undefined
        : forgeryCheck(config, request),
    );
  });
}

function forgeryCheck(config: AppConfig, request: FastifyRequest) {
  const sessionToken = sessionTokenOf(request);
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  const cookie = request.cookies[XSRF_COOKIE];
  if (!sessionToken || typeof header !== 'string' || !cookie) return csrfMismatch();
  const expected = xsrfTokenFor(config, sessionToken);
  if (!safeEqual(header, cookie) || !safeEqual(header, expected)) return csrfMismatch();
  return undefined;
}
