import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_MINUTE,
  messages,
} from '@roomcraft/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test-support/smtp-sink';
import {
  TestClient,
  aPerson,
  databaseTargets,
  manualClock,
  startTestApp,
} from '../../test-support/test-app';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

/** How the answers to a batch of attempts split by status. */
const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe.each(await databaseTargets())('password guessing on $name', (target) => {
  let clock: ReturnType<typeof manualClock>;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let ipCounter = 0;
  const newClient = () => new TestClient(harness.app, `192.0.2.${++ipCounter}`);

  beforeAll(async () => {
    clock = manualClock();
    harness = await startTestApp(target, { smtpUrl: smtp.url, clock });
  });
  afterAll(() => harness.close());
  // Every test starts after the longest window of the one before.
  beforeEach(() => clock.advanceMinutes(60));

  async function registered() {
    const person = aPerson();
    const client = await newClient().csrf();
    expect((await client.post('/api/auth/register', person)).statusCode).toBe(201);
    return { person, client };
  }

  const login = (client: TestClient, email: string, password: string) =>
    client.post('/api/auth/login', { email, password });

  it('checks at most the allowed number of passwords when 40 wrong logins arrive at once', async () => {
    const { person } = await registered();
    const client = await newClient().csrf();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(client, person.email, 'wrong password')),
    );
    // A 422 "invalid credentials" is only ever given after the password was checked.
    expect(statuses(answers)).toEqual({
      422: LOGIN_MAX_FAILURES_PER_MINUTE,
      429: 40 - LOGIN_MAX_FAILURES_PER_MINUTE,
    });
  });

  it('caps the guesses at one account from many addresses, alike for an unknown account', async () => {
    const { person } = await registered();
    const unknown = aPerson().email;
    for (let guess = 0; guess < LOGIN_MAX_FAILURES_PER_ACCOUNT; guess++) {
      const known = await login(await newClient().csrf(), person.email, `wrong ${guess}`);
      const nobody = await login(await newClient().csrf(), unknown, `wrong ${guess}`);
      expect([known.statusCode, nobody.statusCode]).toEqual([422, 422]);
    }
    // From yet another address, even the right password waits; an unknown account looks the same.
    const blocked = await login(await newClient().csrf(), person.email, person.password);
    const blockedUnknown = await login(await newClient().csrf(), unknown, person.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(blockedUnknown.json());
    expect(blocked.headers['retry-after']).toBe(blockedUnknown.headers['retry-after']);

    clock.advanceMinutes(16);
    expect((await login(await newClient().csrf(), person.email, person.password)).statusCode).toBe(
      200,
    );
  });

  it('caps the guesses from one address across many accounts', async () => {
    const { person } = await registered();
    const client = await newClient().csrf();
    for (let guess = 0; guess < LOGIN_MAX_FAILURES_PER_IP; guess++) {
      const response = await login(client, aPerson().email, 'wrong password');
      expect(response.statusCode).toBe(422);
    }
    const blocked = await login(client, person.email, person.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(/^Too many login attempts/);
    // The account itself is fine from elsewhere.
    expect((await login(await newClient().csrf(), person.email, person.password)).statusCode).toBe(
      200,
    );
    clock.advanceMinutes(16);
    expect((await login(client, person.email, person.password)).statusCode).toBe(200);
  });

  it('does not count successful logins against anyone', async () => {
    const { person } = await registered();
    const client = await newClient().csrf();
    for (let round = 0; round < LOGIN_MAX_FAILURES_PER_ACCOUNT + 5; round++) {
      expect((await login(client, person.email, person.password)).statusCode).toBe(200);
    }
  });

  it('throttles password confirmation the same way, checking at most the allowed number', async () => {
    const { person, client } = await registered();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        client.post('/api/auth/user/confirm-password', { password: 'wrong password' }),
      ),
    );
    expect(statuses(answers)).toEqual({
      422: LOGIN_MAX_FAILURES_PER_MINUTE,
      429: 40 - LOGIN_MAX_FAILURES_PER_MINUTE,
    });
    const right = await client.post('/api/auth/user/confirm-password', {
      password: person.password,
    });
    expect(right.statusCode).toBe(429);
    expect(right.json<{ message: string }>().message).not.toBe(messages.wrongPassword);
    clock.advanceMinutes(16);
    const later = await client.post('/api/auth/user/confirm-password', {
      password: person.password,
    });
    expect(later.statusCode).toBe(204);
  });
});
