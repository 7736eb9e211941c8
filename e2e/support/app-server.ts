import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

export interface AppServer {
  /** http://127.0.0.1:<port>, also the server's APP_URL. */
  readonly url: string;
  readonly dataDir: string;
  /** The server process's id (benchmarks read its memory from /proc). */
  readonly pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export interface AppServerOptions {
  smtpUrl?: string;
  logLevel?: string;
  /** Fail early when the web app has not been built (the UI tests need it; the bench does not). */
  requireWebApp?: boolean;
  /** Extra environment for the server (e.g. ENGINE_THREADS for a benchmark). */
  env?: Record<string, string>;
}

/** A free TCP port on loopback, as the OS hands them out. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Runs the BUILT server (apps/server/dist/server.js) as its own process, the way it is deployed,
 * with a fresh data folder (so a fresh SQLite database) and waits until /api/health answers.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run "npm run build" first`);
  }
  if (options.requireWebApp && !existsSync(webIndex)) {
    throw new Error(`${webIndex} is missing: run "npm run build" first`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'roomcraft-e2e-'));
  // The port is probed then handed over, so another process can take it in between: retry then.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch(await freePort(), dataDir, options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

class PortTakenError extends Error {}

async function launch(
  port: number,
  dataDir: string,
  options: AppServerOptions,
): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Whatever the developer's shell points at (a Postgres, a mail relay) must not leak in.
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'SESSION_SECRET',
    'WEB_DIST_DIR',
    'TRUST_PROXY',
  ]) {
    Reflect.deleteProperty(env, name);
  }
  Object.assign(env, {
    // Vitest sets NODE_ENV=test; the server is tested as it runs in production.
    NODE_ENV: 'production',
    // As `npm start` runs it: fewer glibc arenas keep libvips' threads from bloating RSS.
    MALLOC_ARENA_MAX: '2',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    // The engine's detection and segmentation weights, beside the repo as in CI (shared/models).
    MODELS_DIR: process.env.MODELS_DIR ?? path.join(repoRoot, '../shared/models'),
    // Every story signs up its own users from 127.0.0.1; the per-address limit has its own test.
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });

  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    // Keeps the tail only: a chatty server must not grow the test process without bound.
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const stop = async () => {
    await terminate(child, exited);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, exited, () => output);
  } catch (error) {
    await terminate(child, exited);
    if (/EADDRINUSE/.test(output)) throw new PortTakenError(`port ${port} was taken`);
    throw error;
  }
  if (child.pid === undefined) throw new Error('the server process has no pid');
  return { url, dataDir, pid: child.pid, output: () => output, stop };
}

async function waitForHealth(url: string, exited: Promise<number | null>, output: () => string) {
  const deadline = Date.now() + 30_000;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code ?? -1));
  let lastError = '';
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited with ${exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not healthy within 30 s (${lastError}):\n${output()}`);
}

async function terminate(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
