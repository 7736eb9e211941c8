import { XSRF_COOKIE, XSRF_HEADER, errorBodySchema, messages } from '@roomcraft/contracts';
import type { z } from 'zod';
import { notify } from './notify';
import { showPageExpired } from './page-expired';
import { readCookie } from './storage';
import { startWorking } from './working';

const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type FieldErrors = Record<string, string[]>;

/** What every failed call throws: the status and message are kept for the caller (spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** The whole error answer, for callers that need more than the message (e.g. retry_after). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** No global working indicator for this call. */
  silent?: boolean;
  /** false when the caller shows the error itself (e.g. in a form banner). */
  notify?: boolean;
  signal?: AbortSignal;
}

/** Calls whose 401 is an answer about credentials, not a lost session (spec §8). */
const UNAUTHENTICATED_IS_AN_ANSWER = new Set([
  'POST /auth/login',
  'GET /auth/user',
  'POST /auth/user/confirm-password',
]);

let onUnauthenticated: () => void = () => undefined;

/** app/ decides what a lost session means for the session state and the route. */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

function headersFor(method: Method, hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  // A multipart body's Content-Type carries its boundary, so fetch must be the one to set it.
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  if (method !== 'GET') {
    // Read on every call: the server rotates the token on login, register and logout.
    const token = readCookie(XSRF_COOKIE);
    if (token !== null) headers.set(XSRF_HEADER, token);
  }
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return new ApiError(status, messages.somethingWentWrong, undefined, body);
  const { message, errors } = parsed.data;
  return new ApiError(status, message || messages.somethingWentWrong, errors, body);
}

/** The error catalogue of spec §8, applied once for every call. */
function report(error: ApiError, endpoint: string, options: RequestOptions): void {
  if (error.status === 401) {
    if (UNAUTHENTICATED_IS_AN_ANSWER.has(endpoint)) return;
    notify('negative', messages.unauthenticated);
    onUnauthenticated();
    return;
  }
  if (error.status === 419) {
    showPageExpired();
    return;
  }
  // Field errors belong on the form; 423 makes the caller ask for the password.
  if ((error.status === 422 && error.errors) || error.status === 423) return;
  if (options.notify === false) return;
  notify('negative', error.message);
}

interface Answer {
  status: number;
  body: unknown;
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Answer> {
  const endpoint = `${method} ${path.split('?')[0] ?? path}`;
  const fail = (error: ApiError) => {
    report(error, endpoint, options);
    return error;
  };
  const stopWorking = options.silent ? undefined : startWorking();
  const { body } = options;
  const isForm = body instanceof FormData;
  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method,
        credentials: 'include',
        headers: headersFor(method, body !== undefined && !isForm),
        body: body === undefined || isForm ? body : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (cause) {
      // The caller cancelled on purpose (e.g. a query that is no longer needed): nothing to say.
      if (options.signal?.aborted) throw cause;
      throw fail(new ApiError(0, messages.timeout));
    }
    const answer = await readBody(response);
    if (!response.ok) throw fail(errorFrom(response.status, answer));
    return { status: response.status, body: answer };
  } finally {
    stopWorking?.();
  }
}

/** Sends a call whose answer is checked against `schema`. */
export async function request<T>(
  method: Method,
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const { status, body } = await send(method, path, options);
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  // An answer the app cannot read is a failure like any other, not a crash.
  const error = new ApiError(status, messages.somethingWentWrong, undefined, body);
  if (options.notify !== false) notify('negative', error.message);
  throw error;
}

/** Sends a call whose answer carries nothing the caller needs (e.g. 204). */
export async function command(
  method: Exclude<Method, 'GET'>,
  path: string,
  options: RequestOptions = {},
): Promise<void> {
  await send(method, path, options);
}

/**
 * Auth posts first fetch the anti-forgery cookie (spec §7); when that fails the action aborts
 * and returns false. The failure itself has already been reported.
 */
export async function ensureCsrfCookie(): Promise<boolean> {
  try {
    await send('GET', '/csrf-cookie', { silent: true });
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}
