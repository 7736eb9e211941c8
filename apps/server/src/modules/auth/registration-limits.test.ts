import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each(await databaseTargets())('sign-ups from one address on $name', (target) => {
  let clock: ReturnType<typeof manualClock>;
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    clock = manualClock();
    harness = await startTestApp(target, {
      smtpUrl: smtp.url,
      clock,
      env: { REGISTRATIONS_PER_IP_PER_HOUR: '3' },
    });
  });
  afterAll(() => harness.close());

  const register = async (ip: string, person = aPerson()) =>
    (await new TestClient(harness.app, ip).csrf()).post('/api/auth/register', person);

  it('are limited per hour, whatever the address asked for, and earn no credits', async () => {
    const taken = aPerson();
    const first = await register('198.18.0.1', taken);
    expect(first.statusCode).toBe(201);
    expect(first.json<{ data: { available_credits: number } }>().data.available_credits).toBe(0);
    expect((await register('198.18.0.1')).statusCode).toBe(201);
    expect((await register('198.18.0.1')).statusCode).toBe(201);

    const fourth = await register('198.18.0.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ message: string }>().message).toMatch(/^Too many sign-ups/);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // A taken address gets the same answer, so the limit cannot be used to probe accounts.
    const probe = await register('198.18.0.1', { ...taken, password: 'another password' });
    expect(probe.statusCode).toBe(429);
    expect(probe.json()).toEqual(fourth.json());

    expect((await register('198.18.0.2')).statusCode).toBe(201);
    clock.advanceMinutes(61);
    expect((await register('198.18.0.1')).statusCode).toBe(201);
    const users = await harness.db.selectFrom('users').select('available_credits').execute();
    expect(users.map((user) => user.available_credits)).toEqual([0, 0, 0, 0, 0]);
  });
});
