import type { FastifyRequest } from 'fastify';
import type { Authenticated, AuthService } from '../modules/auth/auth.service';
import { unauthenticated } from './errors';
import { sessionTokenOf } from './session-cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved on first use, so routes that need no user cost no database read. */
    authentication: Promise<Authenticated | undefined> | null;
  }
}

export function currentAuth(request: FastifyRequest, auth: AuthService) {
  const token = sessionTokenOf(request);
  request.authentication ??= token ? auth.resolveSession(token) : Promise.resolve(undefined);
  return request.authentication;
}

export async function requireAuth(request: FastifyRequest, auth: AuthService) {
  const found = await currentAuth(request, auth);
  if (!found) throw unauthenticated();
  return found;
}
