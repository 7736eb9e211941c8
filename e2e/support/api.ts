import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { MailServer } from './mail-server';
import { extractLinks, parseMail, type ParsedMail } from './mime';

export const SESSION_COOKIE = 'roomcraft_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export interface TestUser {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

/** A made-up user with a unique address, so stories never collide on one server. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    email: `ada.${id}@example.com`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    password: `Analytical-${id}`,
    ...overrides,
  };
}

/**
 * Talks to the API the way the web app does: a cookie jar, /api/csrf-cookie first, and the
 * XSRF-TOKEN cookie echoed in X-XSRF-TOKEN on every state-changing request.
 */
/** How long the test waits for any answer of the server. */
const ANSWER_TIMEOUT_MS = 150_000;

export class ApiSession {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown): Promise<ApiResponse> {
    return this.send(
      method,
      path,
      body === undefined ? null : JSON.stringify(body),
      body === undefined ? {} : { 'content-type': 'application/json' },
    );
  }

  /** A multipart POST (fetch sets the boundary), e.g. a generation with its images. */
  async postForm(path: string, form: FormData): Promise<ApiResponse> {
    return this.send('POST', path, form, {});
  }

  private async send(
    method: string,
    path: string,
    body: string | FormData | null,
    extraHeaders: Record<string, string>,
  ): Promise<ApiResponse> {
    if (method !== 'GET' && !this.cookies.has(XSRF_COOKIE))
      await this.request('GET', '/api/csrf-cookie');
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      // Longer than the engine's own deadline (120 s), so a generation answers first; a server
      // that never answers fails the story here, by name, instead of at the story's timeout.
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new Error(`${method} ${path}: no answer (${String(error)})`, { cause: error });
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      if (equals > 0) this.cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** Like request, but anything other than the expected status is an error worth reading. */
  async expect(status: number, method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await this.request(method, path, body);
    if (response.status !== status) {
      throw new Error(
        `${method} ${path}: expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    return response.body;
  }
}

/** Registers a user through the API (much faster than the form) and answers the signed-in session. */
export async function registerUser(
  baseUrl: string,
  overrides: Partial<TestUser> = {},
): Promise<{ user: TestUser; session: ApiSession }> {
  const user = newUser(overrides);
  const session = new ApiSession(baseUrl);
  await session.expect(201, 'POST', '/api/auth/register', { ...user, terms: true });
  return { user, session };
}

/** Where a test reads the mail a server sent: the harness's SMTP server, or the server's outbox. */
export type Mailbox = (to: string) => Promise<ParsedMail>;

export const smtpMailbox =
  (mail: MailServer): Mailbox =>
  (to) =>
    mail.waitForMail({ to, subject: /verify/i });

/** A server without SMTP writes each mail as an .eml file under DATA_DIR/mail. */
export const outboxMailbox =
  (dataDir: string): Mailbox =>
  async (to) => {
    const outbox = path.join(dataDir, 'mail');
    const deadline = Date.now() + 15_000;
    for (;;) {
      const names = await readdir(outbox).catch(() => [] as string[]);
      for (const name of names.filter((file) => file.endsWith('.eml'))) {
        const mail = parseMail(await readFile(path.join(outbox, name)));
        if (mail.to.includes(to) && /verify/i.test(mail.subject)) return mail;
      }
      if (Date.now() > deadline) throw new Error(`no verification mail to ${to} in ${outbox}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

/**
 * Registers a user and opens the verification link mailed to them, as a person would: the
 * signup bonus is granted on verification, so this is the user who holds credits.
 */
export async function registerVerifiedUser(
  baseUrl: string,
  mailbox: Mailbox,
  overrides: Partial<TestUser> = {},
): Promise<{ user: TestUser; session: ApiSession }> {
  const registered = await registerUser(baseUrl, overrides);
  const mail = await mailbox(registered.user.email);
  const link = extractLinks(mail.text).find((url) =>
    url.startsWith(`${baseUrl}/api/auth/verify-email/`),
  );
  if (!link) throw new Error(`no verification link in the mail:\n${mail.text}`);
  const opened = await registered.session.request('GET', link.slice(baseUrl.length));
  if (opened.status !== 302) throw new Error(`verification answered ${opened.status}`);
  return registered;
}

/** The person's credits as the server has them. */
export async function creditsOnServer(session: ApiSession): Promise<number> {
  const { data } = (await session.expect(200, 'GET', '/api/auth/user')) as {
    data: { available_credits: number };
  };
  return data.available_credits;
}
