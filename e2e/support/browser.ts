import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium, never a downloaded one (there is no internet for that here). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`${executablePath} is missing: run "node scripts/ensure-chromium.mjs"`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      // CI runs as root, where Chromium's sandbox cannot start.
      '--no-sandbox',
      '--disable-gpu',
      // No calls home: the machines reach no internet and the tests must not wait on it.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
