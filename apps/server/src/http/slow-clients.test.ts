import { XSRF_COOKIE, XSRF_HEADER } from '@roomcraft/contracts';
import { createConnection, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test-support/smtp-sink';
import { databaseTargets, startTestApp } from '../test-support/test-app';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

/** A raw TCP client: what it wrote, what came back, and when the server hung up. */
function rawClient(port: number) {
  const socket: Socket = createConnection({ host: '127.0.0.1', port });
  let received = '';
  const opened = Date.now();
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(Date.now() - opened)),
  );
  return {
    socket,
    closed,
    received: () => received,
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    /** Writes the text one byte at a time, `everyMs` apart, while the socket is open. */
    async trickle(text: string, everyMs: number) {
      for (const char of text) {
        if (socket.destroyed) return;
        socket.write(char);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    },
    close: () => socket.destroy(),
  };
}

const within = (ms: number, promise: Promise<number>) =>
  Promise.race([promise, new Promise<number>((resolve) => setTimeout(() => resolve(-1), ms))]);

describe.each(await databaseTargets())('slow clients on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let port: number;

  beforeAll(async () => {
    harness = await startTestApp(target, {
      smtpUrl: smtp.url,
      env: {
        HEADERS_TIMEOUT_SECONDS: '1',
        REQUEST_TIMEOUT_SECONDS: '2',
        KEEP_ALIVE_TIMEOUT_SECONDS: '1',
        MAX_CONNECTIONS_PER_IP: '8',
      },
    });
    await harness.app.listen({ host: '127.0.0.1', port: 0 });
    port = (harness.app.server.address() as AddressInfo).port;
  });
  afterAll(() => harness.close());

  const health = async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

  it('cuts off an upload that trickles in a byte at a time', async () => {
    // A request that passes the anti-forgery check, so the server waits for its body.
    const cookies = (await fetch(`http://127.0.0.1:${port}/api/csrf-cookie`)).headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0] ?? '');
    const xsrf = decodeURIComponent(
      cookies.find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))?.split('=')[1] ?? '',
    );
    const client = rawClient(port);
    await client.connected;
    client.socket.write(
      [
        'POST /api/auth/login HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 5000',
        `Cookie: ${cookies.join('; ')}`,
        `${XSRF_HEADER}: ${xsrf}`,
        '',
        '',
      ].join('\r\n'),
    );
    void client.trickle('{"email":"'.padEnd(5000, 'a'), 100);
    const closedAfter = await within(6000, client.closed);
    client.close();
    expect(closedAfter, 'the connection was still open after 6 s').toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(4500);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off headers that never finish', async () => {
    const client = rawClient(port);
    await client.connected;
    void client.trickle(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(100),
      100,
    );
    const closedAfter = await within(6000, client.closed);
    client.close();
    expect(closedAfter, 'the connection was still open after 6 s').toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(3500);
  });

  it('closes an idle kept-alive connection', async () => {
    const client = rawClient(port);
    await client.connected;
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const closedAfter = await within(6000, client.closed);
    client.close();
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfter, 'the idle connection was still open after 6 s').toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(3000);
  });

  it('caps the connections one address may hold open, and keeps serving others', async () => {
    const clients = Array.from({ length: 12 }, () => rawClient(port));
    await Promise.all(clients.map((client) => client.connected));
    // Give the server a moment to see them all; the ones beyond the cap are closed at once.
    const closed = await Promise.all(clients.map((client) => within(500, client.closed)));
    const dropped = closed.filter((ms) => ms > 0).length;
    expect(dropped).toBe(4);
    clients.forEach((client) => client.close());
    await Promise.all(clients.map((client) => client.closed));
    expect(await health()).toBe(200);
  });
});
