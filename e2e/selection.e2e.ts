import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser } from './support/api';
import { repoRoot } from './support/app-server';
import { useE2E } from './support/harness';
import { screenshot } from './support/screenshot';
import { logIn, shows, toTweakStep } from './support/ui';

// A real room photo from the shared test assets, read where it lies when the test runs.
const roomPhoto = path.join(repoRoot, '../shared/assets/rooms/living-room-1.jpg');
/** The engine parses the room and encodes the photo for SAM on a machine others share. */
const STORY_TIMEOUT = 240_000;

const e2e = useE2E();

const maskCanvas = (page: Page) => page.getByRole('img', { name: 'Selection mask' });

/** Whether the overlay is painted at a point given in fractions of the photo. */
function paintedAt(page: Page, fx: number, fy: number) {
  return maskCanvas(page).evaluate(
    (canvas: HTMLCanvasElement, [x, y]) => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return false;
      const pixel = ctx.getImageData(
        Math.round(x * canvas.width),
        Math.round(y * canvas.height),
        1,
        1,
      );
      return (pixel.data[3] ?? 0) > 127;
    },
    [fx, fy] as const,
  );
}

/** The share of the overlay that is painted. */
function paintedShare(page: Page) {
  return maskCanvas(page).evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return -1;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 127) painted += 1;
    return painted / (canvas.width * canvas.height);
  });
}

/** Waits until the overlay's painting at a point (fractions of the photo) is `painted`. */
async function waitUntilPaintedAt(page: Page, fx: number, fy: number, painted: boolean) {
  await page.waitForFunction(
    ([x, y, wanted]) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        'canvas[aria-label="Selection mask"]',
      );
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return false;
      const pixel = ctx.getImageData(
        Math.round(x * canvas.width),
        Math.round(y * canvas.height),
        1,
        1,
      );
      return (pixel.data[3] ?? 0) > 127 === wanted;
    },
    [fx, fy, painted] as const,
    { timeout: 90_000 },
  );
}

/** A click on the overlay at fractions of its box, with modifier keys held. */
async function clickMask(page: Page, fx: number, fy: number, modifiers: 'Alt'[] = []) {
  const box = await maskCanvas(page).boundingBox();
  if (box === null) throw new Error('the mask overlay has no box');
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
  for (const key of modifiers) await page.keyboard.up(key);
}

// In living-room-1.jpg: the back wall left of the painting, the framed painting, the sofa.
const WALL = [0.2, 0.3] as const;
const PAINTING = [0.44, 0.3] as const;
const SOFA = [0.4, 0.7] as const;

describe('Selecting what to change', () => {
  it(
    'the Front wall chip selects the back wall, without the painting on it',
    async () => {
      const { page, server } = e2e;
      const { user } = await registerUser(server.url);
      await logIn(page, user);
      await toTweakStep(page, roomPhoto);

      await page.getByRole('button', { name: 'Wall paint', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Wall paint' }));
      // The chip asks the server for the surface by name (the design is saved first, so the
      // photo is a stored image) and shows its mask.
      await page.getByText('Front wall', { exact: true }).click();
      await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));
      await waitUntilPaintedAt(page, ...WALL, true);
      expect(await paintedAt(page, ...PAINTING)).toBe(false);
      expect(await paintedAt(page, ...SOFA)).toBe(false);
      const share = await paintedShare(page);
      expect(share).toBeGreaterThan(0.25);
      expect(share).toBeLessThan(0.75);
      await screenshot(page, 'selection-front-wall-chip');

      // Adding the ceiling chip adds the ceiling to the wall.
      await page.getByText('Ceiling', { exact: true }).click();
      await waitUntilPaintedAt(page, 0.5, 0.02, true);
      expect(await paintedAt(page, ...WALL)).toBe(true);
      await screenshot(page, 'selection-front-wall-and-ceiling-chips');

      // This photo shows no left wall: the chip says so, and the selection stays as it was.
      await page.getByText('Left wall', { exact: true }).click();
      await shows(page.getByText('This photo shows no left wall to select.'));
      expect(await paintedAt(page, ...WALL)).toBe(true);
    },
    STORY_TIMEOUT,
  );

  it(
    'automatic selection adds with a click, takes away with an Alt-click, and the brush touches it up',
    async () => {
      const { page, server } = e2e;
      const { user } = await registerUser(server.url);
      await logIn(page, user);
      await toTweakStep(page, roomPhoto);

      await page.getByRole('button', { name: 'Remove elements', exact: true }).click();
      await page.getByText('Automatic', { exact: true }).click();
      await shows(maskCanvas(page));
      await page.waitForSelector('canvas[aria-label="Selection mask"][data-mode="automatic"]');
      // The sofa, whole.
      await clickMask(page, ...SOFA);
      await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));
      await waitUntilPaintedAt(page, ...SOFA, true);
      const sofa = await paintedShare(page);
      expect(sofa).toBeGreaterThan(0.04);
      expect(await paintedAt(page, ...PAINTING)).toBe(false);
      // A second click adds the painting and keeps the sofa.
      await clickMask(page, ...PAINTING);
      await waitUntilPaintedAt(page, ...PAINTING, true);
      expect(await paintedAt(page, ...SOFA)).toBe(true);
      await screenshot(page, 'selection-automatic-add');
      // An Alt-click takes the painting away again.
      await clickMask(page, ...PAINTING, ['Alt']);
      await waitUntilPaintedAt(page, ...PAINTING, false);
      expect(await paintedAt(page, ...SOFA)).toBe(true);
      expect(Math.abs((await paintedShare(page)) - sofa)).toBeLessThan(0.01);
      await screenshot(page, 'selection-automatic-remove');

      // Manual keeps the mask; the brush adds to it.
      await page.getByText('Manual', { exact: true }).click();
      expect(await paintedAt(page, ...SOFA)).toBe(true);
      const box = await maskCanvas(page).boundingBox();
      if (box === null) throw new Error('the mask overlay has no box');
      await page.mouse.move(box.x + 0.85 * box.width, box.y + 0.15 * box.height);
      await page.mouse.down();
      await page.mouse.move(box.x + 0.95 * box.width, box.y + 0.15 * box.height, { steps: 8 });
      await page.mouse.up();
      expect(await paintedAt(page, 0.9, 0.15)).toBe(true);
      expect(await paintedAt(page, ...SOFA)).toBe(true);
      await screenshot(page, 'selection-automatic-then-brush');
    },
    STORY_TIMEOUT,
  );
});
