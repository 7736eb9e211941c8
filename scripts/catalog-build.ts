// Part of `npm run build`: renders the shipped catalogue (textures and product shots in every
// colour) into apps/server/catalogue/, in a worker pool, with a progress line. Images are named by
// their inputs and a hash of the catalogue's generator code, so only what changed is rendered and
// a second build is instant.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import {
  planShippedCatalogue,
  type CatalogueJob,
} from '../packages/catalog/src/build/shipped-catalogue';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'apps/server/catalogue');
const catalogSource = path.join(root, 'packages/catalog/src');

/** A hash of every generator source file (tests excluded): any change re-renders. */
function generatorVersion() {
  const hash = createHash('sha256');
  const files = readdirSync(catalogSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(catalogSource, file)));
  return hash.digest('hex').slice(0, 16);
}

function progress(done: number, total: number, started: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const line = `rendering the catalogue [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total} (${seconds} s)`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
  else if (done === total || done % Math.max(1, Math.round(total / 10)) === 0) console.log(line);
}

async function main() {
  const version = generatorVersion();
  const { jobs, manifest } = planShippedCatalogue(version);
  await mkdir(outDir, { recursive: true });
  const missing = jobs.filter((job) => !existsSync(path.join(outDir, job.file)));
  const started = Date.now();
  if (missing.length > 0) {
    const pool = new Piscina<CatalogueJob, Buffer>({
      filename: new URL('./catalog-build-worker.ts', import.meta.url).href,
      maxThreads: availableParallelism(),
      execArgv: ['--import', 'tsx'],
    });
    let done = 0;
    progress(0, missing.length, started);
    await Promise.all(
      missing.map(async (job) => {
        const image = Buffer.from(await pool.run(job));
        const temp = path.join(outDir, `.${job.file}.tmp`);
        await writeFile(temp, image);
        await rename(temp, path.join(outDir, job.file));
        progress(++done, missing.length, started);
      }),
    );
    await pool.destroy();
  }
  // Images no longer in the plan (an older generator's) go.
  const wanted = new Set([...jobs.map((job) => job.file), 'manifest.json']);
  for (const file of readdirSync(outDir))
    if (!wanted.has(file)) await rm(path.join(outDir, file), { force: true });
  const temp = path.join(outDir, '.manifest.json.tmp');
  await writeFile(temp, `${JSON.stringify(manifest, null, 1)}\n`);
  await rename(temp, path.join(outDir, 'manifest.json'));
  console.log(
    `catalogue ${version}: ${manifest.textures.length} textures, ${manifest.products.length} products, ` +
      `${jobs.length} images (${missing.length} rendered in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

await main();
