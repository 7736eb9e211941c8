#!/usr/bin/env node
// `npm run bench` (after the npm script has built the server): runs every benchmark in turn, even
// when an earlier one missed its targets, and fails if any did.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const benches = ['http.ts', 'upload.ts', 'catalogue.ts'];
const failed = [];
for (const bench of benches) {
  const file = fileURLToPath(new URL(bench, import.meta.url));
  console.log(`\n▶ bench ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(bench);
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that missed a target or failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
