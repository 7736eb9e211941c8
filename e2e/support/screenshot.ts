import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './app-server';

export const screenshotDir = path.join(repoRoot, '.artifacts/screenshots');

export const viewports = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * Saves the page as `<name>.desktop.png` (1440×900) and `<name>.mobile.png` (390×844), full
 * page, then puts the viewport back so the story goes on as before.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name))
    throw new Error(`screenshot name "${name}" is not kebab-case`);
  await mkdir(screenshotDir, { recursive: true });
  const original = page.viewportSize();
  try {
    for (const [label, size] of Object.entries(viewports)) {
      await page.setViewportSize(size);
      await settle(page);
      await page.screenshot({
        path: path.join(screenshotDir, `${name}.${label}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    }
  } finally {
    if (original) {
      await page.setViewportSize(original);
      await settle(page);
    }
  }
}

/**
 * Waits until a resize has been laid out: fonts loaded, finite animations (page transitions,
 * Mantine's) finished or given up on after a second, and two frames painted.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Endless ones (spinners) never finish and are left out.
    const animations = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([
      Promise.all(animations),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
