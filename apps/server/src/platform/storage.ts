import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeFileAtomicAsync } from './atomic-file';

/**
 * Where image bytes live. Keys are opaque names chosen by the caller; the interface is that of an
 * object store, so an S3-compatible bucket can replace the local disk without changing callers.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream with its size, or undefined when there is none. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  delete(keys: readonly string[]): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Rejects when the store cannot be reached (the readiness check). */
  ready(): Promise<void>;
}

const KEY_SHAPE = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/** Keys are flat names with an extension; anything else (a path, `..`) is refused. */
export function checkedKey(key: string) {
  if (!KEY_SHAPE.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** Files under one folder, fanned out by the key's first two characters; writes are atomic. */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    checkedKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, body) {
      await writeFileAtomicAsync(fileOf(key), body);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async has(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    async ready() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
