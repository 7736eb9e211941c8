import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '@/testing/render';
import {
  ApiError,
  command,
  ensureCsrfCookie,
  request,
  setUnauthenticatedHandler,
} from './api-client';
import { notify } from './notify';
import { showPageExpired } from './page-expired';

vi.mock('./notify', () => ({ notify: vi.fn() }));
vi.mock('./page-expired', () => ({ showPageExpired: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const anything = z.unknown();

function lastRequest() {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return { url, init, headers: new Headers(init?.headers) };
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=first%3Dtoken; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  fetchMock.mockReset();
  document.cookie = 'XSRF-TOKEN=; max-age=0; path=/';
});

describe('requests', () => {
  it('sends JSON with cookies to /api', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { ok: true } }));
    const answer = await request('POST', '/auth/login', anything, { body: { email: 'a@b.co' } });
    const { url, init, headers } = lastRequest();
    expect(answer).toEqual({ data: { ok: true } });
    expect(url).toBe('/api/auth/login');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on every non-GET, read fresh each time', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(204)));
    await command('POST', '/auth/logout');
    expect(lastRequest().headers.get('X-XSRF-TOKEN')).toBe('first=token');

    document.cookie = 'XSRF-TOKEN=rotated; path=/';
    await command('DELETE', '/auth/user');
    expect(lastRequest().headers.get('X-XSRF-TOKEN')).toBe('rotated');
  });

  it('sends FormData as multipart, leaving its Content-Type to fetch', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { data: {} }));
    const form = new FormData();
    form.append('name', 'Den');
    await request('POST', '/designs', anything, { body: form });
    const { init, headers } = lastRequest();
    expect(init?.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('X-XSRF-TOKEN')).toBe('first=token');
  });

  it('sends no XSRF header on GET', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await request('GET', '/config', anything);
    expect(lastRequest().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('checks answers against the schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { version: 3 } }));
    const error = await failure(
      request('GET', '/config', z.object({ data: z.object({ version: z.string() }) })),
    );
    expect(error.message).toBe('Something went wrong');
    expect(notify).toHaveBeenCalledWith('negative', 'Something went wrong');
  });
});

describe('ensureCsrfCookie', () => {
  it('asks for the anti-forgery cookie', async () => {
    fetchMock.mockResolvedValue(jsonResponse(204));
    await expect(ensureCsrfCookie()).resolves.toBe(true);
    expect(lastRequest().url).toBe('/api/csrf-cookie');
    expect(lastRequest().init?.method).toBe('GET');
  });

  it('returns false when the cookie call fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'Down for maintenance' }));
    await expect(ensureCsrfCookie()).resolves.toBe(false);
  });
});

describe('the error catalogue', () => {
  it('401: leaves the session, says so and lets the app go to login', async () => {
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Unauthenticated.' }));
    const error = await failure(command('PUT', '/auth/user/password', { body: {} }));
    expect(error.status).toBe(401);
    expect(notify).toHaveBeenCalledWith(
      'negative',
      'You are not authorized to perform this action. Please log in to continue.',
    );
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it.each([
    ['POST', '/auth/login'],
    ['GET', '/auth/user'],
    ['POST', '/auth/user/confirm-password'],
  ] as const)('401 from %s %s is an answer for the caller only', async (method, path) => {
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Unauthenticated.' }));
    const error = await failure(request(method, path, anything));
    expect(error.status).toBe(401);
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('419: asks for a reload', async () => {
    fetchMock.mockResolvedValue(jsonResponse(419, { message: 'CSRF token mismatch.' }));
    const error = await failure(command('POST', '/auth/logout'));
    expect(error.status).toBe(419);
    expect(showPageExpired).toHaveBeenCalledOnce();
    expect(notify).not.toHaveBeenCalled();
  });

  it('a lost connection reads as a timeout', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(request('GET', '/config', anything));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Request timed out. Please retry action');
    expect(notify).toHaveBeenCalledWith('negative', 'Request timed out. Please retry action');
  });

  it('a call the caller cancels says nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('Aborted', 'AbortError'));
    await expect(
      request('GET', '/auth/user', anything, { signal: controller.signal }),
    ).rejects.toThrow('Aborted');
    expect(notify).not.toHaveBeenCalled();
  });

  it("other errors show the answer's message and keep status and message", async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'Too many login attempts' }));
    const error = await failure(request('POST', '/auth/email/verification-notification', anything));
    expect(error).toMatchObject({ status: 429, message: 'Too many login attempts' });
    expect(notify).toHaveBeenCalledWith('negative', 'Too many login attempts');
  });

  it('says "Something went wrong" when the answer has no message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(request('GET', '/config', anything));
    expect(error).toMatchObject({ status: 502, message: 'Something went wrong' });
    expect(notify).toHaveBeenCalledWith('negative', 'Something went wrong');
  });

  it('422 field errors go to the form, not to a notification', async () => {
    const errors = { email: ['These credentials do not match our records'] };
    fetchMock.mockResolvedValue(jsonResponse(422, { message: 'Some fields have errors', errors }));
    const error = await failure(request('POST', '/auth/login', anything));
    expect(error).toMatchObject({ status: 422, message: 'Some fields have errors', errors });
    expect(notify).not.toHaveBeenCalled();
  });

  it('423 is left to the caller, which asks for the password', async () => {
    fetchMock.mockResolvedValue(jsonResponse(423, { message: 'Enter your password to continue' }));
    const error = await failure(command('DELETE', '/auth/user'));
    expect(error.status).toBe(423);
    expect(notify).not.toHaveBeenCalled();
  });

  it('stays quiet when the caller shows the error itself', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'Mail is down' }));
    const error = await failure(
      request('POST', '/auth/forgot-password', anything, { notify: false }),
    );
    expect(error.message).toBe('Mail is down');
    expect(notify).not.toHaveBeenCalled();
  });
});
