// Catalogue benchmark (part of `npm run bench`): one thread, every job of the shipped catalogue
// timed once (style previews, textures at 512 px, product shots at 480 px in every colour), so
// the figures say what `npm run build` costs when nothing is cached. Writes .artifacts/bench-catalogue.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  planShippedCatalogue,
  renderCatalogueJob,
  type CatalogueJob,
} from '../../packages/catalog/src/build/shipped-catalogue';
import { repoRoot } from '../../e2e/support/app-server';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function main() {
  const { jobs } = planShippedCatalogue('bench');
  const times: Record<CatalogueJob['kind'], number[]> = { style: [], texture: [], product: [] };
  const started = performance.now();
  for (const [index, job] of jobs.entries()) {
    const t0 = performance.now();
    await renderCatalogueJob(job);
    times[job.kind].push(performance.now() - t0);
    if (process.stdout.isTTY) process.stdout.write(`\r${index + 1}/${jobs.length}`);
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const result = {
    images: jobs.length,
    stylePreviews: times.style.length,
    textures: times.texture.length,
    productShots: times.product.length,
    stylePreviewMedianMs: Math.round(median(times.style)),
    textureMedianMs: Math.round(median(times.texture)),
    productShotMedianMs: Math.round(median(times.product)),
    productShotMaxMs: Math.round(Math.max(...times.product)),
    singleThreadSeconds: Math.round(totalSeconds * 10) / 10,
    /** What the build's worker pool should take on this machine. */
    expectedBuildSeconds: Math.round((totalSeconds / availableParallelism()) * 10) / 10,
  };
  console.log('\nshipped catalogue, rendered once on one thread');
  console.table([result]);
  await mkdir(path.join(repoRoot, '.artifacts'), { recursive: true });
  await writeFile(
    path.join(repoRoot, '.artifacts/bench-catalogue.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
}

await main();
