#!/usr/bin/env node
// Makes sure the Chromium used by the e2e tests is installed. Playwright's own browser download
// cannot work here (no internet but the npm registry and Debian), so Debian's package is used.
// Poppler's pdftotext/pdftoppm, which the summary-PDF tests read PDFs with, come along when missing
// (without them those checks skip with a line saying so).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  // Output is streamed as it comes: apt can take a while and silence looks like a hang in CI.
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Installs poppler-utils when it is missing and we are root; otherwise only says so. */
function ensurePoppler() {
  if (existsSync('/usr/bin/pdftotext')) return;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    console.log(
      'poppler-utils: missing (sudo apt-get install poppler-utils); PDF checks will skip',
    );
    return;
  }
  try {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', 'poppler-utils']);
  } catch (error) {
    console.log(
      `poppler-utils: install failed (${error instanceof Error ? error.message : error})`,
    );
  }
}

function main() {
  ensurePoppler();
  if (existsSync(chromiumPath)) {
    console.log(`chromium: found ${chromiumPath}`);
    return 0;
  }
  if (process.env.CHROMIUM_PATH) {
    // A custom path that does not exist is a setup mistake; installing Debian's would not fix it.
    console.error(`chromium: CHROMIUM_PATH=${chromiumPath} does not exist`);
    return 1;
  }
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    console.error(
      `chromium: ${chromiumPath} is missing. Install it with:\n\n  sudo apt-get install chromium\n`,
    );
    return 1;
  }
  console.log(`chromium: ${chromiumPath} is missing; installing Debian's chromium package`);
  try {
    run('apt-get', ['update']);
    // Recommends are kept: they bring the fonts that the screenshots need to show real text.
    run('apt-get', ['install', '-y', 'chromium']);
  } catch (error) {
    console.error(`chromium: install failed: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  if (!existsSync(chromiumPath)) {
    console.error(`chromium: apt-get succeeded but ${chromiumPath} is still missing`);
    return 1;
  }
  const version = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    console.error(`chromium: ${chromiumPath} --version failed:\n${version.stderr}`);
    return 1;
  }
  console.log(`chromium: installed ${version.stdout.trim()}`);
  return 0;
}

process.exitCode = main();
