import type { FastifyRequest } from 'fastify';
import type { SessionRow, UserRow } from '../db/schema';
import { unauthenticated } from './errors';
import { sessionTokenOf } from './session-cookies';

/** A signed-in request: its session and its user. */
export interface Authenticated {
  session: SessionRow;
  user: UserRow;
}

/** What resolves a session token (the auth module's service). */
export interface SessionResolver {
  resolveSession(sessionToken: string): Promise<Authenticated | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved on first use, so routes that need no user cost no database read. */
    authentication: Promise<Authenticated | undefined> | null;
  }
}

export function currentAuth(request: FastifyRequest, auth: SessionResolver) {
  const token = sessionTokenOf(request);
  request.authentication ??= token ? auth.resolveSession(token) : Promise.resolve(undefined);
  return request.authentication;
}

export async function requireAuth(request: FastifyRequest, auth: SessionResolver) {
  const found = await currentAuth(request, auth);
  if (!found) throw unauthenticated();
  return found;
}
