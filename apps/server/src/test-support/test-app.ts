import { XSRF_COOKIE, XSRF_HEADER } from '@roomcraft/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { ImageEngine } from '@roomcraft/engine';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import type { Clock } from '../platform/clock';
import { createMailer } from '../platform/mail';
import { linkIn, type startSmtpSink } from './smtp-sink';

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres';
  open(dataDir: string): Promise<DatabaseHandle>;
}

/** The model weights beside the repository (`<repo>/../shared/models`), as in CI. */
export const SHARED_MODELS_DIR = path.resolve(import.meta.dirname, '../../../../../shared/models');

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Each test app gets a database of its own, created here and dropped when the app closes. */
async function openFreshPostgres(): Promise<DatabaseHandle> {
  const name = `roomcraft_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
  return {
    ...handle,
    async destroy() {
      await handle.destroy();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * SQLite always; PostgreSQL whenever one answers (TEST_DATABASE_URL, or 127.0.0.1:5432), and a
 * clear line in the output when it does not.
 */
export async function databaseTargets(): Promise<DatabaseTarget[]> {
  const targets: DatabaseTarget[] = [
    {
      name: 'sqlite',
      open: (dataDir) => Promise.resolve(openDatabase({ dataDir })),
    },
  ];
  if (await postgresReachable()) {
    targets.push({ name: 'postgres', open: openFreshPostgres });
  } else {
    console.warn(
      `PostgreSQL is not reachable at ${POSTGRES_URL}: SKIPPING the PostgreSQL integration tests`,
    );
  }
  return targets;
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-11-21T09:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceMinutes(minutes: number) {
      current += minutes * 60_000;
    },
  } satisfies Clock & Record<string, unknown>;
}

export async function startTestApp(
  target: DatabaseTarget,
  options: {
    smtpUrl: string;
    clock?: Clock;
    shippedCatalogueDir?: string;
    /** An image engine to use instead of the local one (a test double). */
    engine?: ImageEngine;
    /** Further environment variables, e.g. ENGINE_TIMEOUT_SECONDS. */
    env?: Record<string, string>;
    /** Receives the server's log lines (JSON, warn and above) for a test to read. */
    logLines?: string[];
  },
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roomcraft-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    APP_URL: 'http://app.test',
    SMTP_URL: options.smtpUrl,
    // No shipped catalogue unless a test brings one: tests must not depend on a build.
    SHIPPED_CATALOGUE_DIR:
      options.shippedCatalogueDir ?? path.join(dataDir, 'no-shipped-catalogue'),
    // Tests use the shared model copies and never download.
    MODELS_DIR: SHARED_MODELS_DIR,
    MODELS_AUTO_DOWNLOAD: '0',
    // Suites register many people from one address; the limit has its own test.
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    ...options.env,
  });
  const database = await target.open(dataDir);
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.logLines
      ? {
          logger: {
            level: 'warn',
            stream: { write: (line: string) => void options.logLines?.push(line) },
          },
        }
      : {}),
    mailer: createMailer({
      from: config.mailFrom,
      smtpUrl: options.smtpUrl,
      outboxDir: config.mailOutboxDir,
    }),
  });
  return {
    app,
    config,
    db: database.db,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type InjectPayload = NonNullable<InjectOptions['payload']>;
type App = Awaited<ReturnType<typeof startTestApp>>['app'];

/** A browser-like client: keeps cookies and echoes the XSRF cookie as the header. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    readonly ip = '203.0.113.7',
  ) {}

  async csrf() {
    await this.request('GET', '/api/csrf-cookie');
    return this;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const xsrf = this.cookies.get(XSRF_COOKIE);
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(xsrf && method !== 'GET' ? { [XSRF_HEADER]: xsrf } : {}),
        ...headers,
      },
      cookies: Object.fromEntries(this.cookies),
      ...(body === undefined ? {} : { payload: body as InjectPayload }),
    });
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  delete = (url: string) => this.request('DELETE', url);
}

export const aPerson = (overrides: Record<string, unknown> = {}) => ({
  email: `ada.${randomBytes(4).toString('hex')}@example.com`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  password: 'correct horse battery',
  terms: true,
  ...overrides,
});

/**
 * Registers a person and opens the verification link mailed to them, as they would: the account
 * then holds its signup bonus (granted on verification, not registration). Answers the user's id.
 */
export async function registerVerified(
  client: TestClient,
  smtp: Pick<Awaited<ReturnType<typeof startSmtpSink>>, 'mailTo'>,
  person: ReturnType<typeof aPerson> = aPerson(),
) {
  const response = await client.post('/api/auth/register', person);
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  const link = new URL(
    linkIn(await smtp.mailTo(person.email), 'http://app.test/api/auth/verify-email/'),
  );
  const verified = await client.get(`${link.pathname}${link.search}`);
  if (verified.headers.location !== '/verify-email?verified=1') {
    throw new Error(
      `verification failed: ${verified.statusCode} ${String(verified.headers.location)}`,
    );
  }
  return response.json<{ data: { id: number } }>().data.id;
}
