#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure; then one vitest run
// over all projects, summed up on a last line that CI reads: "tests: N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportFile = path.join(root, '.artifacts/vitest.json');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(title, command, args) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) {
    console.error(`✖ ${title} could not start: ${result.error.message}`);
    return 1;
  }
  const code = result.status ?? 1;
  console.log(
    code === 0 ? `✔ ${title} (${seconds} s)` : `✖ ${title} failed with ${code} (${seconds} s)`,
  );
  return code;
}

function main() {
  const checks = [
    ['lint', npm, ['run', 'lint']],
    ['typecheck', npm, ['run', 'typecheck']],
    ['chromium', process.execPath, ['scripts/ensure-chromium.mjs']],
    ['build', npm, ['run', 'build']],
  ];
  for (const [title, command, args] of checks) {
    const code = step(title, command, args);
    if (code !== 0) return code;
  }

  mkdirSync(path.dirname(reportFile), { recursive: true });
  // A report left by an earlier run must not be mistaken for this one's.
  rmSync(reportFile, { force: true });
  const vitestCode = step('tests', path.join(root, 'node_modules/.bin/vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.relative(root, reportFile)}`,
  ]);

  if (!existsSync(reportFile)) {
    console.error(`vitest wrote no report to ${reportFile}`);
    return vitestCode || 1;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const passed = report.numPassedTests ?? 0;
  const failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A hook that throws fails its file while its tests count as skipped: name such files, or the
  // summary would read "0 failed" with no clue why the run failed.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  );
  for (const file of brokenFiles) {
    console.error(`failed outside its tests (see above): ${path.relative(root, file.name)}`);
  }
  console.log(
    `tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
  );

  if (failed > 0) return 1;
  // A file that failed to load or a hook that threw counts no failed test but fails the run.
  if (vitestCode !== 0 || (report.numFailedTestSuites ?? 0) > 0) return vitestCode || 1;
  if (passed === 0) {
    console.error('no test ran');
    return 1;
  }
  return 0;
}

process.exitCode = main();
