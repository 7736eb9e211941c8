import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'roomcraft-config-'));

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailOutboxDir: path.join(dataDir, 'mail'),
      secureCookies: false,
      // The embedded default: no bucket, no Redis.
      s3: undefined,
      redisUrl: undefined,
      redisPrefix: 'roomcraft',
      generationLeaseSeconds: 30,
      workerLockSeconds: 30,
    });
  });

  it('reads the scale-out variables, and refuses an S3 key without its bucket or secret', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'rooms',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.s3).toEqual({
      bucket: 'rooms',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        S3_ACCESS_KEY_ID: 'key',
        REDIS_URL: 'http://127.0.0.1:6379',
        REDIS_PREFIX: 'a:b',
      });
      expect.unreachable();
    } catch (error) {
      const fields = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(fields.sort()).toEqual(['REDIS_PREFIX', 'REDIS_URL']);
    }
    try {
      loadConfig({ DATA_DIR: tempDir(), S3_ACCESS_KEY_ID: 'key' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'S3_ACCESS_KEY_ID: needs S3_BUCKET',
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither',
      ]);
    }
  });

  it('lists every bad variable at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        SESSION_SECRET: 'short',
        DATA_DIR: tempDir(),
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const fields = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(fields.sort()).toEqual(['DATABASE_URL', 'PORT', 'SESSION_SECRET', 'SMTP_URL']);
    }
  });

  it('generates a session secret once and keeps it, readable only by its owner', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('uses secure cookies behind an https APP_URL and trims its trailing slash', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://roomcraft.example/' });
    expect(config.appUrl).toBe('https://roomcraft.example');
    expect(config.secureCookies).toBe(true);
  });
});

describe('loadConfig for the image engine', () => {
  it('defaults to the local engine with models under DATA_DIR and a bounded queue', () => {
    const dataDir = tempDir();
    const { engine } = loadConfig({ DATA_DIR: dataDir });
    expect(engine).toMatchObject({
      provider: 'local',
      modelsDir: path.join(dataDir, 'models'),
      allowModelDownload: true,
      maxQueue: 8,
      timeoutSeconds: 120,
      replicate: undefined,
    });
    expect(engine.threads).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('reads every engine variable', () => {
    const { engine } = loadConfig({
      DATA_DIR: tempDir(),
      MODELS_DIR: '/srv/models',
      MODELS_AUTO_DOWNLOAD: 'no',
      ENGINE_THREADS: '3',
      ENGINE_MAX_QUEUE: '2',
      ENGINE_TIMEOUT_SECONDS: '30',
      AI_PROVIDER: 'replicate',
      REPLICATE_API_TOKEN: 'r8_token',
      REPLICATE_API_URL: 'http://127.0.0.1:9999/',
      REPLICATE_RESTYLE_VERSION: 'restyle-v1',
      REPLICATE_INPAINT_VERSION: 'inpaint-v1',
    });
    expect(engine).toEqual({
      provider: 'replicate',
      modelsDir: '/srv/models',
      allowModelDownload: false,
      threads: 3,
      maxQueue: 2,
      timeoutSeconds: 30,
      replicate: {
        token: 'r8_token',
        baseUrl: 'http://127.0.0.1:9999',
        restyleVersion: 'restyle-v1',
        inpaintVersion: 'inpaint-v1',
      },
    });
  });

  it('refuses the replicate provider without its token and model versions, naming each', () => {
    const attempt = () => loadConfig({ DATA_DIR: tempDir(), AI_PROVIDER: 'replicate' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
        'REPLICATE_API_TOKEN',
        'REPLICATE_RESTYLE_VERSION',
        'REPLICATE_INPAINT_VERSION',
      ]);
    }
  });
});

describe('loadConfig for payments', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: tempDir(), ...env });
    } catch (error) {
      return (error as ConfigError).problems;
    }
    return [];
  };

  it('defaults to the test-mode provider and three packages, the middle one the best value', () => {
    const { payments } = loadConfig({ DATA_DIR: tempDir() });
    expect(payments.provider).toBe('test');
    expect(payments.stripe).toBeUndefined();
    expect(payments.packages.map((item) => [item.credits, item.best_value])).toEqual([
      [50, false],
      [200, true],
      [1000, false],
    ]);
  });

  it("reads the operator's packages from CREDIT_PACKAGES and Stripe's keys", () => {
    const { payments } = loadConfig({
      DATA_DIR: tempDir(),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      CREDIT_PACKAGES: JSON.stringify([{ id: 'one', credits: 30, price: 299, currency: 'GBP' }]),
    });
    expect(payments).toMatchObject({
      provider: 'stripe',
      stripe: { secretKey: 'sk_live_x', webhookSecret: 'whsec_x', apiUrl: undefined },
      packages: [{ id: 'one', credits: 30, price: 299, currency: 'GBP', best_value: false }],
    });
  });

  it('names what is wrong with the packages or the Stripe settings', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' }).map((line) => line.split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problemsOf({ CREDIT_PACKAGES: '[{' })).toEqual([
      'CREDIT_PACKAGES: must be a JSON array of packages',
    ]);
    const bad = JSON.stringify([{ id: 'a', credits: 10, price: 1.5, currency: 'eur' }]);
    expect(problemsOf({ CREDIT_PACKAGES: bad }).map((line) => line.split(':')[0])).toEqual([
      'CREDIT_PACKAGES[0][price]',
      'CREDIT_PACKAGES[0][currency]',
    ]);
    const twice = JSON.stringify([
      { id: 'a', credits: 10, price: 100, currency: 'EUR', best_value: true },
      { id: 'a', credits: 20, price: 200, currency: 'EUR', best_value: true },
    ]);
    expect(problemsOf({ CREDIT_PACKAGES: twice })).toEqual([
      'CREDIT_PACKAGES[1][id]: a is used twice',
      'CREDIT_PACKAGES: at most one package is the best value',
    ]);
  });
});
