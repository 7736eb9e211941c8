import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_CREDIT_PACKAGES,
  PAYMENT_PROVIDERS,
  creditPackagesSchema,
  type CreditPackage,
  type PaymentProviderName,
} from '@roomcraft/contracts';
import { z } from 'zod';
import type { ConnectionLimits } from './http/connection-limits';
import { writeFileAtomic } from './platform/atomic-file';
import type { S3Settings } from './platform/s3-storage';

const booleanFromEnv = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'yes'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Roomcraft <no-reply@roomcraft.local>'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(64),
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  WEB_DIST_DIR: z.string().optional(),
  SHIPPED_CATALOGUE_DIR: z.string().optional(),
  AI_PROVIDER: z.enum(['local', 'replicate']).default('local'),
  MODELS_DIR: z.string().min(1).optional(),
  MODELS_AUTO_DOWNLOAD: booleanFromEnv.default(true),
  ENGINE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  ENGINE_MAX_QUEUE: z.coerce.number().int().min(1).max(1000).default(8),
  ENGINE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  IMAGE_RETENTION_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.replicate.com'),
  REPLICATE_RESTYLE_VERSION: z.string().min(1).optional(),
  REPLICATE_INPAINT_VERSION: z.string().min(1).optional(),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('test'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its calls; only for a local fake in tests. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  CREDIT_PACKAGES: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  GENERATION_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
    .default('roomcraft'),
  WORKER_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

/** The Replicate provider needs its token and both model versions; say which are missing. */
const providerComplete = (vars: z.infer<typeof envSchema>) =>
  vars.AI_PROVIDER !== 'replicate'
    ? []
    : (['REPLICATE_API_TOKEN', 'REPLICATE_RESTYLE_VERSION', 'REPLICATE_INPAINT_VERSION'] as const)
        .filter((name) => vars[name] === undefined)
        .map((name) => `${name}: required when AI_PROVIDER is replicate`);

/** Stripe needs its secret key and the webhook signing secret. */
const paymentsComplete = (vars: z.infer<typeof envSchema>) =>
  vars.PAYMENT_PROVIDER !== 'stripe'
    ? []
    : (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
        .filter((name) => vars[name] === undefined)
        .map((name) => `${name}: required when PAYMENT_PROVIDER is stripe`);

/** S3 settings come whole or not at all: a key without its secret is a mistake. */
const storageComplete = (vars: z.infer<typeof envSchema>) => {
  const given = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const problems = vars.S3_BUCKET
    ? []
    : given.filter((name) => vars[name] !== undefined).map((name) => `${name}: needs S3_BUCKET`);
  if ((vars.S3_ACCESS_KEY_ID === undefined) !== (vars.S3_SECRET_ACCESS_KEY === undefined))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither');
  return problems;
};

/** CREDIT_PACKAGES is a JSON array of { id, credits, price, currency, best_value? }. */
function creditPackages(json: string | undefined): {
  packages: readonly CreditPackage[];
  problems: string[];
} {
  if (json === undefined) return { packages: DEFAULT_CREDIT_PACKAGES, problems: [] };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { packages: [], problems: ['CREDIT_PACKAGES: must be a JSON array of packages'] };
  }
  const parsed = creditPackagesSchema.safeParse(value);
  if (parsed.success) return { packages: parsed.data, problems: [] };
  const problems = parsed.error.issues.map(
    (issue) =>
      `CREDIT_PACKAGES${issue.path.map((key) => `[${String(key)}]`).join('')}: ${issue.message}`,
  );
  return { packages: [], problems };
}

export type EngineConfig = Readonly<{
  provider: 'local' | 'replicate';
  modelsDir: string;
  allowModelDownload: boolean;
  threads: number;
  maxQueue: number;
  timeoutSeconds: number;
  replicate:
    | Readonly<{ token: string; baseUrl: string; restyleVersion: string; inpaintVersion: string }>
    | undefined;
}>;

export type PaymentsConfig = Readonly<{
  provider: PaymentProviderName;
  packages: readonly CreditPackage[];
  stripe:
    Readonly<{ secretKey: string; webhookSecret: string; apiUrl: string | undefined }> | undefined;
}>;

export type AppConfig = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  filesDir: string;
  catalogueDir: string;
  sessionSecret: string;
  sessionTtlDays: number;
  logLevel: string;
  trustProxy: boolean;
  secureCookies: boolean;
  registrationsPerIpPerHour: number;
  connections: ConnectionLimits;
  webDistDir: string;
  shippedCatalogueDir: string;
  engine: EngineConfig;
  payments: PaymentsConfig;
  /** How long a graceful shutdown waits for running generations before refunding them. */
  shutdownGraceSeconds: number;
  s3: S3Settings | undefined;
  redisUrl: string | undefined;
  generationLeaseSeconds: number;
  workerLockSeconds: number;
  redisPrefix: string;
  /** How long an image no design uses is kept before the sweep deletes it. */
  orphanImageRetentionHours: number;
}>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment once; every bad variable is reported together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const vars = parsed.data;
  const { packages, problems } = creditPackages(vars.CREDIT_PACKAGES);
  const missing = [
    ...providerComplete(vars),
    ...paymentsComplete(vars),
    ...problems,
    ...storageComplete(vars),
    // Node refuses a headers timeout longer than the request's.
    ...(vars.HEADERS_TIMEOUT_SECONDS > vars.REQUEST_TIMEOUT_SECONDS
      ? ['HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS']
      : []),
  ];
  if (missing.length > 0) throw new ConfigError(missing);
  const dataDir = path.resolve(vars.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const appUrl = (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    appUrl,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    mailOutboxDir: path.join(dataDir, 'mail'),
    filesDir: path.join(dataDir, 'files'),
    catalogueDir: path.join(dataDir, 'catalogue'),
    sessionSecret: vars.SESSION_SECRET ?? persistedSecret(dataDir),
    sessionTtlDays: vars.SESSION_TTL_DAYS,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    secureCookies: appUrl.startsWith('https://'),
    registrationsPerIpPerHour: vars.REGISTRATIONS_PER_IP_PER_HOUR,
    connections: Object.freeze({
      requestTimeoutMs: vars.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: vars.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerIp: vars.MAX_CONNECTIONS_PER_IP,
    }),
    // Rendered by `npm run build` beside src/ and dist/.
    shippedCatalogueDir: path.resolve(
      vars.SHIPPED_CATALOGUE_DIR ?? path.join(import.meta.dirname, '../catalogue'),
    ),
    webDistDir: path.resolve(vars.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    engine: engineConfig(vars, dataDir),
    payments: Object.freeze({
      provider: vars.PAYMENT_PROVIDER,
      packages: Object.freeze(packages.map((item) => Object.freeze({ ...item }))),
      stripe:
        vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
          ? Object.freeze({
              secretKey: vars.STRIPE_SECRET_KEY,
              webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
              apiUrl: vars.STRIPE_API_URL,
            })
          : undefined,
    }),
    shutdownGraceSeconds: vars.SHUTDOWN_GRACE_SECONDS,
    /** Images in an S3-compatible bucket instead of DATA_DIR/files and DATA_DIR/catalogue. */
    s3: vars.S3_BUCKET
      ? Object.freeze({
          bucket: vars.S3_BUCKET,
          region: vars.S3_REGION,
          endpoint: vars.S3_ENDPOINT,
          accessKeyId: vars.S3_ACCESS_KEY_ID,
          secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
          forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? vars.S3_ENDPOINT !== undefined,
        })
      : undefined,
    /** Limits, admission and the generation queue in Redis, shared by every process. */
    redisUrl: vars.REDIS_URL,
    generationLeaseSeconds: vars.GENERATION_LEASE_SECONDS,
    workerLockSeconds: vars.WORKER_LOCK_SECONDS,
    redisPrefix: vars.REDIS_PREFIX,
    orphanImageRetentionHours: vars.IMAGE_RETENTION_HOURS,
  });
}

function engineConfig(vars: z.infer<typeof envSchema>, dataDir: string): EngineConfig {
  const { REPLICATE_API_TOKEN: token, REPLICATE_RESTYLE_VERSION, REPLICATE_INPAINT_VERSION } = vars;
  return Object.freeze({
    provider: vars.AI_PROVIDER,
    modelsDir: path.resolve(vars.MODELS_DIR ?? path.join(dataDir, 'models')),
    allowModelDownload: vars.MODELS_AUTO_DOWNLOAD,
    // One core stays free for the HTTP server and the database.
    threads: vars.ENGINE_THREADS ?? Math.max(1, availableParallelism() - 1),
    maxQueue: vars.ENGINE_MAX_QUEUE,
    timeoutSeconds: vars.ENGINE_TIMEOUT_SECONDS,
    replicate:
      token && REPLICATE_RESTYLE_VERSION && REPLICATE_INPAINT_VERSION
        ? Object.freeze({
            token,
            baseUrl: vars.REPLICATE_API_URL.replace(/\/+$/, ''),
            restyleVersion: REPLICATE_RESTYLE_VERSION,
            inpaintVersion: REPLICATE_INPAINT_VERSION,
          })
        : undefined,
  });
}

/** A secret made on first start and kept under DATA_DIR, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileAtomic(file, secret, 0o600);
  return secret;
}
