import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, aPerson, databaseTargets, startTestApp } from '../../test-support/test-app';

/**
 * A mail server that accepts connections and never says a word: whatever waits for it waits
 * until its own timeout. A reply that waits for the mail would take seconds.
 */
async function silentMailServer() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Ends the waiting: every connection is dropped, so the mails fail at once. */
    hangUp() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const silent = await silentMailServer();
afterAll(() => silent.close());

describe.each(await databaseTargets())('account discovery by timing on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: silent.url });
  });
  afterAll(() => harness.close());

  it('answers a password reset request for a known address as fast as for an unknown one', async () => {
    const person = aPerson();
    const owner = await new TestClient(harness.app, '198.19.0.1').csrf();
    // Registration mails too; it must not wait for the mail server either.
    const started = Date.now();
    expect((await owner.post('/api/auth/register', person)).statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(1500);

    const timed = async (email: string) => {
      const client = await new TestClient(harness.app, '198.19.0.2').csrf();
      const start = process.hrtime.bigint();
      const response = await client.post('/api/auth/forgot-password', { email });
      return { response, ms: Number(process.hrtime.bigint() - start) / 1e6 };
    };
    const known = await timed(person.email);
    const unknown = await timed(aPerson().email);
    expect(known.response.statusCode).toBe(200);
    expect(known.response.json()).toEqual(unknown.response.json());
    expect(
      known.ms,
      `known ${known.ms.toFixed(0)} ms, unknown ${unknown.ms.toFixed(0)} ms`,
    ).toBeLessThan(500);
    expect(unknown.ms).toBeLessThan(500);
  });
});
