import { XSRF_COOKIE } from '@roomcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { hmac, randomToken } from '../platform/tokens';

export const SESSION_COOKIE = 'roomcraft_session';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The session token from the cookie, if it has the shape of one we issued. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

/** The anti-forgery token is bound to the session: an HMAC of its token (ARCHITECTURE §4). */
export const xsrfTokenFor = (config: AppConfig, sessionToken: string) =>
  hmac(config.sessionSecret, `xsrf:${sessionToken}`);

/**
 * Sets the session cookie (HttpOnly) and the XSRF-TOKEN cookie (readable by script) for a token,
 * making a fresh guest token when none is given.
 */
export function issueSessionCookies(
  config: AppConfig,
  reply: FastifyReply,
  sessionToken: string = randomToken(),
) {
  const maxAge = config.sessionTtlDays * 24 * 60 * 60;
  const common = { path: '/', sameSite: 'lax', secure: config.secureCookies, maxAge } as const;
  reply.setCookie(SESSION_COOKIE, sessionToken, { ...common, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, xsrfTokenFor(config, sessionToken), { ...common, httpOnly: false });
  return sessionToken;
}
