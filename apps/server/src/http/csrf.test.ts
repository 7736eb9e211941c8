import { XSRF_HEADER } from '@roomcraft/contracts';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { registerCsrfProtection } from './csrf';
import { registerErrorHandler } from './errors';

const dataDir = mkdtempSync(path.join(tmpdir(), 'roomcraft-csrf-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function appWithRoutes() {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = Fastify();
  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerCsrfProtection(app, config);
  app.post('/api/payments/stripe/webhook', { config: { csrf: false } }, () => ({ ok: true }));
  app.post('/api/credits/checkout', () => ({ ok: true }));
  app.post('/api/other', { config: { csrf: true } }, () => ({ ok: true }));
  return app;
}

describe('the anti-forgery check', () => {
  it('lets through only a route that opts out with { csrf: false }', async () => {
    const app = await appWithRoutes();
    const webhook = await app.inject({ method: 'POST', url: '/api/payments/stripe/webhook' });
    expect(webhook.statusCode).toBe(200);
    for (const url of ['/api/credits/checkout', '/api/other', '/api/payments/stripe/webhook/x']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { [XSRF_HEADER]: 'forged' },
      });
      expect(response.statusCode, url).toBe(419);
    }
    await app.close();
  });
});
