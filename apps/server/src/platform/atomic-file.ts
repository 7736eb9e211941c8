import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const tempName = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);

/** Writes a whole file or nothing: a temp file in the same folder, then a rename. */
export function writeFileAtomic(file: string, contents: string | Uint8Array, mode = 0o644) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = tempName(file);
  try {
    writeFileSync(temp, contents, { mode, flush: true });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export async function writeFileAtomicAsync(file: string, contents: string | Uint8Array) {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = tempName(file);
  try {
    await writeFile(temp, contents, { flush: true });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
