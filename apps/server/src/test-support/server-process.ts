/**
 * The real server as a child process (src/server.ts run with tsx) on a free loopback port, for
 * tests that must kill it, signal it or watch it survive: what `npm start` runs, minus the build.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '@roomcraft/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { SHARED_MODELS_DIR } from './test-app';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../server.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A child process of ours, with what it wrote, its exit, and its own children. */
export interface WatchedProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code and signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The process ids of its children (the engine's worker processes). */
  childPids(): number[];
  /** Kills it (SIGKILL) unless it has ended, and waits for the exit. */
  stop(): Promise<void>;
}

/** Runs a TypeScript entry of the server with tsx, in a bare environment plus `env`. */
export function spawnWatched(entry: string, env: Record<string, string>): WatchedProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      MODELS_DIR: SHARED_MODELS_DIR,
      MODELS_AUTO_DOWNLOAD: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => output,
    exited,
    childPids: () => (child.pid ? childrenOf(child.pid) : []),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface ServerProcess extends WatchedProcess {
  url: string;
}

/** Starts the server and waits until /api/health answers. */
export async function startServerProcess(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    ...spawnWatched(SERVER_ENTRY, {
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      LOG_LEVEL: process.env.TEST_LOG ?? 'warn',
      SHIPPED_CATALOGUE_DIR: path.join(options.dataDir, 'no-shipped-catalogue'),
      ...options.env,
    }),
    url,
  };
  const { child } = server;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${server.output()}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`The server did not start in time:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Live processes whose parent is `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return stat ? stat.split(/\s+/).map(Number) : [];
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A browser-like HTTP client over fetch: keeps cookies, echoes the XSRF cookie as the header. */
export class HttpClient {
  constructor(
    private readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (the same cookies) talking to another server process. */
  at(baseUrl: string) {
    return new HttpClient(baseUrl, this.cookies);
  }

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const xsrf = this.cookies.get(XSRF_COOKIE);
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (xsrf && method !== 'GET') headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${url}`, { method, headers, body: payload });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
}
