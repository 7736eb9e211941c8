/**
 * An engine worker (src/worker.ts run with tsx) as a child process, as `npm run worker` runs it
 * minus the build; resolves once it has connected to the queue.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { childrenOf } from './server-process';
import { SHARED_MODELS_DIR } from './test-app';

const WORKER_ENTRY = path.resolve(import.meta.dirname, '../worker.ts');

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its engine's worker processes. */
  childPids(): number[];
  stop(): Promise<void>;
}

export async function startWorkerProcess(options: {
  dataDir: string;
  env: Record<string, string>;
}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATA_DIR: options.dataDir,
      // The ready line is logged at info.
      LOG_LEVEL: 'info',
      MODELS_DIR: SHARED_MODELS_DIR,
      MODELS_AUTO_DOWNLOAD: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const worker: WorkerProcess = {
    child,
    output: () => output,
    exited,
    childPids: () => (child.pid ? childrenOf(child.pid) : []),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  while (!output.includes('engine worker ready')) {
    if (child.exitCode !== null) throw new Error(`The worker exited at start:\n${output}`);
    if (Date.now() > deadline) {
      await worker.stop();
      throw new Error(`The worker did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return worker;
}
