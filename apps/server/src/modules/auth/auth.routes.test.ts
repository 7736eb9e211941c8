import { SIGNUP_BONUS_CREDITS, XSRF_COOKIE, messages } from '@roomcraft/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../http/session-cookies';
import { linkIn, startSmtpSink } from '../../test-support/smtp-sink';
import {
  TestClient,
  aPerson,
  databaseTargets,
  manualClock,
  startTestApp,
} from '../../test-support/test-app';
import { ledgerBalance, ledgerEntries } from '../credits/credit-ledger.repository';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

describe.each(await databaseTargets())('auth API on $name', (target) => {
  let clock: ReturnType<typeof manualClock>;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let ipCounter = 0;
  /** Each test gets its own client address, so login throttling never leaks between tests. */
  const newClient = () => new TestClient(harness.app, `198.51.100.${++ipCounter}`);

  beforeAll(async () => {
    clock = manualClock();
    harness = await startTestApp(target, { smtpUrl: smtp.url, clock });
  });
  afterAll(() => harness.close());
  beforeEach(() => clock.advanceMinutes(5));

  async function registered(overrides: Record<string, unknown> = {}) {
    const person = aPerson(overrides);
    const client = await newClient().csrf();
    const response = await client.post('/api/auth/register', person);
    expect(response.statusCode).toBe(201);
    return { client, person, user: response.json<{ data: { id: number } }>().data };
  }

  async function loggedIn(person: { email: string; password: string }) {
    const client = await newClient().csrf();
    const response = await client.post('/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(response.statusCode).toBe(200);
    return client;
  }

  describe('anti-forgery', () => {
    it('sets a readable XSRF-TOKEN cookie and an HttpOnly session cookie', async () => {
      const client = newClient();
      const response = await client.get('/api/csrf-cookie');
      expect(response.statusCode).toBe(204);
      const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE);
      const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      expect(xsrf?.httpOnly).toBeFalsy();
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe('Lax');
    });

    it('answers 419 when the header is missing', async () => {
      const client = await newClient().csrf();
      const response = await client.request('POST', '/api/auth/login', aPerson(), {
        'x-xsrf-token': '',
      });
      expect(response.statusCode).toBe(419);
      expect(response.json()).toEqual({ message: messages.csrfMismatch });
    });

    it('answers 419 when there is no session cookie at all', async () => {
      const response = await newClient().post('/api/auth/logout');
      expect(response.statusCode).toBe(419);
    });

    it('answers 419 for a token that belongs to another session', async () => {
      const victim = await newClient().csrf();
      const attacker = await newClient().csrf();
      const stolen = victim.cookies.get(XSRF_COOKIE) ?? '';
      attacker.cookies.set(XSRF_COOKIE, stolen);
      const response = await attacker.post('/api/auth/login', aPerson());
      expect(response.statusCode).toBe(419);
    });

    it('answers 419 for a tampered token that matches its cookie', async () => {
      const client = await newClient().csrf();
      client.cookies.set(XSRF_COOKIE, 'x'.repeat(43));
      const response = await client.post('/api/auth/login', aPerson());
      expect(response.statusCode).toBe(419);
    });
  });

  describe('registration', () => {
    it('creates the account without credits, signs in with a new session id and sends a verification mail', async () => {
      const client = await newClient().csrf();
      const guestSession = client.cookies.get(SESSION_COOKIE);
      const person = aPerson();
      const response = await client.post('/api/auth/register', person);

      expect(response.statusCode).toBe(201);
      const { data: user } = response.json<{ data: Record<string, unknown> }>();
      expect(user).toMatchObject({
        email: person.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        available_credits: 0,
        email_verified_at: null,
        avatar: null,
      });
      expect(user).not.toHaveProperty('password_hash');
      expect(client.cookies.get(SESSION_COOKIE)).not.toBe(guestSession);

      const me = await client.get('/api/auth/user');
      expect(me.statusCode).toBe(200);
      expect(me.json<{ data: { email: string } }>().data.email).toBe(person.email);

      const stored = await harness.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
      expect(await ledgerEntries(harness.db, stored.id)).toEqual([]);
      expect(stored.available_credits).toBe(0);

      const mail = await smtp.mailTo(person.email);
      expect(mail.subject).toContain('Verify');
      expect(linkIn(mail, 'http://app.test/api/auth/verify-email/')).toBeTruthy();
    });

    it('reports every invalid field at once, in the spec wording', async () => {
      const client = await newClient().csrf();
      const response = await client.post('/api/auth/register', {
        email: 'not-an-email',
        password: 'short',
        terms: false,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: messages.validationFailed,
        errors: {
          email: [messages.invalidEmail],
          first_name: [messages.required],
          last_name: [messages.required],
          password: [messages.passwordTooShort],
          terms: [messages.termsRequired],
        },
      });
    });

    it('says "Cannot be empty" for empty required fields and treats a missing body as all fields empty', async () => {
      const client = await newClient().csrf();
      const response = await client.post('/api/auth/register', {});
      const { errors } = response.json<{ errors: Record<string, string[]> }>();
      expect(response.statusCode).toBe(422);
      expect(errors.email).toEqual([messages.required]);
      expect(errors.password).toEqual([messages.required]);
      expect(errors.terms).toEqual([messages.termsRequired]);
    });

    it('refuses a second account for the same address, whatever its case, and changes nothing', async () => {
      const { person } = await registered();
      const client = await newClient().csrf();
      const response = await client.post('/api/auth/register', {
        ...person,
        email: person.email.toUpperCase(),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: unknown }>().errors).toEqual({ email: [messages.emailTaken] });
      const count = await harness.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    });
  });

  describe('login and logout', () => {
    it('logs in, rotating the session id, and logs out, destroying the session', async () => {
      const { person } = await registered();
      const client = await newClient().csrf();
      const guestSession = client.cookies.get(SESSION_COOKIE);
      const login = await client.post('/api/auth/login', {
        email: person.email.toUpperCase(),
        password: person.password,
      });
      expect(login.statusCode).toBe(200);
      const session = client.cookies.get(SESSION_COOKIE);
      expect(session).not.toBe(guestSession);
      expect((await client.get('/api/auth/user')).statusCode).toBe(200);

      const logout = await client.post('/api/auth/logout');
      expect(logout.statusCode).toBe(204);
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);

      // The old session token is dead, even if someone kept a copy of it.
      const replay = newClient();
      replay.cookies.set(SESSION_COOKIE, session ?? '');
      expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('gives the same answer for a wrong password and an unknown address', async () => {
      const { person } = await registered();
      const client = await newClient().csrf();
      const wrong = await client.post('/api/auth/login', {
        email: person.email,
        password: 'not the password',
      });
      const unknown = await client.post('/api/auth/login', {
        email: 'nobody@example.com',
        password: 'whatever1',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json<{ errors: unknown }>().errors).toEqual({
        email: [messages.invalidCredentials],
      });
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('requires both fields, reporting both at once', async () => {
      const client = await newClient().csrf();
      const response = await client.post('/api/auth/login', { email: '', password: '' });
      expect(response.json<{ errors: unknown }>().errors).toEqual({
        email: [messages.required],
        password: [messages.required],
      });
    });

    it('throttles after 5 failed attempts per email and address for a minute', async () => {
      const { person } = await registered();
      const client = await newClient().csrf();
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await client.post('/api/auth/login', {
          email: person.email,
          password: 'wrong password',
        });
        expect(response.statusCode).toBe(422);
      }
      const blocked = await client.post('/api/auth/login', {
        email: person.email,
        password: person.password,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('60');
      expect(blocked.json<{ message: string }>().message).toBe(
        'Too many login attempts. Please try again in 60 seconds',
      );

      // Another address is not blocked; the same one is again allowed a minute later.
      expect((await loggedIn(person)).cookies.has(SESSION_COOKIE)).toBe(true);
      clock.advanceMinutes(1);
      const after = await client.post('/api/auth/login', {
        email: person.email,
        password: person.password,
      });
      expect(after.statusCode).toBe(200);
    });

    it('answers 401 for the current user when logged out', async () => {
      const response = await newClient().get('/api/auth/user');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: messages.unauthenticated });
    });

    it('expires a session after its lifetime without use', async () => {
      const { client } = await registered();
      clock.advanceMinutes(harness.config.sessionTtlDays * 24 * 60 + 1);
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    });
  });

  describe('password recovery', () => {
    async function requestReset(email: string) {
      const client = await newClient().csrf();
      const response = await client.post('/api/auth/forgot-password', { email });
      expect(response.statusCode).toBe(200);
      return response.json<{ message: string }>();
    }

    async function resetLink(email: string, skip = 0) {
      const link = new URL(
        linkIn(await smtp.mailTo(email, { skip }), 'http://app.test/recover-password?'),
      );
      return {
        email: link.searchParams.get('email') ?? '',
        token: link.searchParams.get('token') ?? '',
      };
    }

    it('answers the same whether or not the address exists, and mails only a real one', async () => {
      const { person } = await registered();
      const known = await requestReset(person.email);
      const unknown = await requestReset('ghost@example.com');
      expect(known).toEqual(unknown);
      await smtp.mailTo(person.email, { skip: 1 });
      expect(smtp.received.some((mail) => mail.recipients.includes('ghost@example.com'))).toBe(
        false,
      );
    });

    it('resets with the mailed token once, signs out every session, and the new password works', async () => {
      const { person, client: oldSession } = await registered();
      await requestReset(person.email);
      const { email, token } = await resetLink(person.email, 1);
      expect(email).toBe(person.email);

      const client = await newClient().csrf();
      const reset = await client.post('/api/auth/reset-password', {
        email,
        token,
        password: 'a brand new password',
      });
      expect(reset.statusCode).toBe(200);
      expect((await oldSession.get('/api/auth/user')).statusCode).toBe(401);

      const reused = await client.post('/api/auth/reset-password', {
        email,
        token,
        password: 'yet another password',
      });
      expect(reused.statusCode).toBe(422);
      expect(reused.json<{ errors: unknown }>().errors).toEqual({
        email: [messages.resetTokenInvalid],
      });

      await loggedIn({ email: person.email, password: 'a brand new password' });
      const old = await client.post('/api/auth/login', person);
      expect(old.statusCode).toBe(422);
    });

    it('refuses a token after 60 minutes, and a wrong token, changing nothing', async () => {
      const { person } = await registered();
      await requestReset(person.email);
      const { token } = await resetLink(person.email, 1);
      const client = await newClient().csrf();

      const wrong = await client.post('/api/auth/reset-password', {
        email: person.email,
        token: `${token}x`,
        password: 'new password 1',
      });
      expect(wrong.statusCode).toBe(422);

      clock.advanceMinutes(61);
      const expired = await client.post('/api/auth/reset-password', {
        email: person.email,
        token,
        password: 'new password 1',
      });
      expect(expired.statusCode).toBe(422);
      expect(expired.json<{ errors: unknown }>().errors).toEqual({
        email: [messages.resetTokenInvalid],
      });
      await loggedIn(person);
    });

    it('validates the new password', async () => {
      const client = await newClient().csrf();
      const response = await client.post('/api/auth/reset-password', {
        email: 'a@example.com',
        token: 't',
        password: 'short',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: unknown }>().errors).toEqual({
        password: [messages.passwordTooShort],
      });
    });
  });

  describe('email verification', () => {
    it('verifies through the signed link in the mail', async () => {
      const { person, client } = await registered();
      const link = new URL(
        linkIn(await smtp.mailTo(person.email), 'http://app.test/api/auth/verify-email/'),
      );
      const response = await newClient().get(`${link.pathname}${link.search}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/verify-email?verified=1');
      const me = await client.get('/api/auth/user');
      expect(
        me.json<{ data: { email_verified_at: string | null } }>().data.email_verified_at,
      ).not.toBeNull();
    });

    it('grants the signup bonus on verification, exactly once, however often the link is used', async () => {
      const { person, client, user } = await registered();
      const link = new URL(
        linkIn(await smtp.mailTo(person.email), 'http://app.test/api/auth/verify-email/'),
      );
      // The link opened in several tabs at once, then again later.
      const opened = await Promise.all(
        Array.from({ length: 5 }, () => newClient().get(`${link.pathname}${link.search}`)),
      );
      expect(opened.map((response) => response.headers.location)).toEqual(
        Array.from({ length: 5 }, () => '/verify-email?verified=1'),
      );
      await newClient().get(`${link.pathname}${link.search}`);
      const entries = await ledgerEntries(harness.db, user.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        delta: SIGNUP_BONUS_CREDITS,
        reason: 'signup_bonus',
        reference: `email-verification:${user.id}`,
        balance_after: SIGNUP_BONUS_CREDITS,
      });
      const me = await client.get('/api/auth/user');
      expect(me.json<{ data: { available_credits: number } }>().data.available_credits).toBe(
        SIGNUP_BONUS_CREDITS,
      );
      expect(await ledgerBalance(harness.db, user.id)).toBe(SIGNUP_BONUS_CREDITS);

      // A new address verified later earns nothing more.
      await client.post('/api/auth/user/confirm-password', { password: person.password });
      const newEmail = aPerson().email;
      await client.put('/api/auth/user/profile', {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: newEmail,
      });
      const again = new URL(
        linkIn(await smtp.mailTo(newEmail), 'http://app.test/api/auth/verify-email/'),
      );
      expect((await newClient().get(`${again.pathname}${again.search}`)).headers.location).toBe(
        '/verify-email?verified=1',
      );
      expect(await ledgerEntries(harness.db, user.id)).toHaveLength(1);
    });

    it('rejects a tampered or expired link', async () => {
      const { person, client } = await registered();
      const link = new URL(
        linkIn(await smtp.mailTo(person.email), 'http://app.test/api/auth/verify-email/'),
      );
      const tampered = new URL(link);
      tampered.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
      const bad = await newClient().get(`${tampered.pathname}${tampered.search}`);
      expect(bad.headers.location).toBe('/verify-email?error=invalid');
      const garbage = await newClient().get('/api/auth/verify-email/1/nothex?expires=x');
      expect(garbage.headers.location).toBe('/verify-email?error=invalid');

      clock.advanceMinutes(24 * 60 + 1);
      const expired = await newClient().get(`${link.pathname}${link.search}`);
      expect(expired.headers.location).toBe('/verify-email?error=invalid');
      const me = await client.get('/api/auth/user');
      expect(
        me.json<{ data: { email_verified_at: string | null } }>().data.email_verified_at,
      ).toBeNull();
    });

    it('throttles the resend to one a minute', async () => {
      const { person, client } = await registered();
      const early = await client.post('/api/auth/email/verification-notification');
      expect(early.statusCode).toBe(429);
      expect(early.json<{ retry_after: number }>().retry_after).toBeGreaterThan(0);

      clock.advanceMinutes(1);
      const resend = await client.post('/api/auth/email/verification-notification');
      expect(resend.statusCode).toBe(202);
      expect(resend.json()).toEqual({ data: { retry_after: 60 } });
      await smtp.mailTo(person.email, { skip: 1 });
      expect((await client.post('/api/auth/email/verification-notification')).statusCode).toBe(429);
    });

    it('needs a session to resend', async () => {
      const client = await newClient().csrf();
      expect((await client.post('/api/auth/email/verification-notification')).statusCode).toBe(401);
    });
  });

  describe('profile and sensitive actions', () => {
    it('changes the name freely, but a new address only after the password, verified anew', async () => {
      const { client, person } = await registered();
      const verify = new URL(
        linkIn(await smtp.mailTo(person.email), 'http://app.test/api/auth/verify-email/'),
      );
      await newClient().get(`${verify.pathname}${verify.search}`);
      const renamed = await client.put('/api/auth/user/profile', {
        first_name: 'Augusta',
        last_name: 'King',
        email: person.email,
      });
      expect(renamed.statusCode).toBe(200);
      expect(
        renamed.json<{ data: { email_verified_at: string | null } }>().data.email_verified_at,
      ).not.toBeNull();

      const newEmail = aPerson().email;
      const change = () =>
        client.put('/api/auth/user/profile', {
          first_name: 'Augusta',
          last_name: 'King',
          email: newEmail,
        });
      const locked = await change();
      expect(locked.statusCode).toBe(423);
      expect(locked.json()).toEqual({ message: messages.passwordConfirmationRequired });
      expect((await client.get('/api/auth/user')).json<{ data: unknown }>().data).toMatchObject({
        email: person.email,
      });

      await client.post('/api/auth/user/confirm-password', { password: person.password });
      const response = await change();
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: unknown }>().data).toMatchObject({
        first_name: 'Augusta',
        last_name: 'King',
        email: newEmail,
        email_verified_at: null,
      });
      // The new address gets a verification link; the old one hears of the change.
      linkIn(await smtp.mailTo(newEmail), 'http://app.test/api/auth/verify-email/');
      const notice = await smtp.mailTo(person.email, { skip: 1 });
      expect(notice.subject).toMatch(/email address was changed/);
      expect(notice.text).toContain(newEmail);
      await loggedIn({ email: newEmail, password: person.password });
    });

    it('refuses an address another account uses', async () => {
      const { person: other } = await registered();
      const { client, person } = await registered();
      await client.post('/api/auth/user/confirm-password', { password: person.password });
      const response = await client.put('/api/auth/user/profile', {
        first_name: 'A',
        last_name: 'B',
        email: other.email,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: unknown }>().errors).toEqual({ email: [messages.emailTaken] });
    });

    it('confirms the password for 15 minutes', async () => {
      const { client, person } = await registered();
      const status = () => client.get('/api/auth/user/confirmed-password-status');
      expect((await status()).json()).toEqual({ data: { confirmed: false } });

      const wrong = await client.post('/api/auth/user/confirm-password', { password: 'nope nope' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json<{ errors: unknown }>().errors).toEqual({
        password: [messages.wrongPassword],
      });
      const empty = await client.post('/api/auth/user/confirm-password', { password: '' });
      expect(empty.json<{ errors: unknown }>().errors).toEqual({
        password: [messages.passwordRequired],
      });

      expect(
        (await client.post('/api/auth/user/confirm-password', { password: person.password }))
          .statusCode,
      ).toBe(204);
      expect((await status()).json()).toEqual({ data: { confirmed: true } });
      clock.advanceMinutes(16);
      expect((await status()).json()).toEqual({ data: { confirmed: false } });
    });

    it('changes the password only after a recent confirmation, signing out other sessions', async () => {
      const { client, person } = await registered();
      const otherDevice = await loggedIn(person);
      const locked = await client.put('/api/auth/user/password', { password: 'another good one' });
      expect(locked.statusCode).toBe(423);
      expect(locked.json()).toEqual({ message: messages.passwordConfirmationRequired });

      await client.post('/api/auth/user/confirm-password', { password: person.password });
      const changed = await client.put('/api/auth/user/password', { password: 'another good one' });
      expect(changed.statusCode).toBe(204);
      expect((await client.get('/api/auth/user')).statusCode).toBe(200);
      expect((await otherDevice.get('/api/auth/user')).statusCode).toBe(401);
      await loggedIn({ email: person.email, password: 'another good one' });
    });

    it('deletes the account only after a recent confirmation, with its sessions and ledger', async () => {
      const { client, person, user } = await registered();
      expect((await client.delete('/api/auth/user')).statusCode).toBe(423);
      expect((await client.get('/api/auth/user')).statusCode).toBe(200);

      await client.post('/api/auth/user/confirm-password', { password: person.password });
      clock.advanceMinutes(14);
      expect((await client.delete('/api/auth/user')).statusCode).toBe(204);
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
      expect(await ledgerEntries(harness.db, user.id)).toEqual([]);
      const login = await (await newClient().csrf()).post('/api/auth/login', person);
      expect(login.statusCode).toBe(422);
    });

    it('answers 401 to every account endpoint without a session', async () => {
      const client = await newClient().csrf();
      for (const [method, url] of [
        ['PUT', '/api/auth/user/profile'],
        ['PUT', '/api/auth/user/password'],
        ['DELETE', '/api/auth/user'],
        ['POST', '/api/auth/user/confirm-password'],
        ['GET', '/api/auth/user/confirmed-password-status'],
      ] as const) {
        const body =
          method === 'DELETE' || method === 'GET'
            ? undefined
            : { first_name: 'a', last_name: 'b', email: 'a@b.co', password: 'long enough' };
        expect((await client.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('system', () => {
    it('reports health and the config, and answers unknown API paths with JSON 404', async () => {
      const client = newClient();
      expect((await client.get('/api/health')).json()).toEqual({ status: 'ok' });
      expect(
        (await client.get('/api/config')).json<{ data: { maxFileSize: number } }>().data
          .maxFileSize,
      ).toBe(15);
      const missing = await client.get('/api/nothing-here');
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toContain('Not found');
    });

    it('sends the security headers on every response', async () => {
      const response = await newClient().get('/api/health');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('publishes the OpenAPI document with the auth endpoints', async () => {
      const response = await newClient().get('/api/docs/json');
      const document = response.json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/auth/user']),
      );
    });
  });
});
