import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, registerVerifiedUser, smtpMailbox, creditsOnServer } from './support/api';
import { repoRoot } from './support/app-server';
import { useE2E } from './support/harness';
import { screenshot } from './support/screenshot';
import { control, logIn, shows, toTweakStep, paintStroke } from './support/ui';

// A real room photo from the shared test assets, read where it lies when the test runs.
const roomPhoto = path.join(repoRoot, '../shared/assets/rooms/living-room-1.jpg');
/** Generations run on the CPU of a small machine. */
const GENERATION_TIMEOUT = 110_000;
/** Two generations and the lookups around them, on a machine other tests may be sharing. */
const STORY_TIMEOUT = 300_000;

const e2e = useE2E();

/** The share of the mask overlay that is painted, read from the canvas itself. */
function paintedShare(page: Page) {
  return page.getByRole('img', { name: 'Selection mask' }).evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return -1;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 127) painted += 1;
    return painted / (canvas.width * canvas.height);
  });
}

/** Waits until the segmenter's answer covers more than `share` of the overlay. */
async function waitForPainted(page: Page, share: number) {
  await page.waitForFunction(
    (least) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        'canvas[aria-label="Selection mask"]',
      );
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return false;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let index = 3; index < data.length; index += 4)
        if ((data[index] ?? 0) > 127) painted += 1;
      return painted / (canvas.width * canvas.height) > least;
    },
    share,
    { timeout: 60_000 },
  );
}

function naturalSize(page: Page, name: string) {
  return page
    .getByRole('img', { name, exact: true })
    .first()
    .evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
}

function generateButton(page: Page) {
  return page.getByRole('button', { name: /^(Generate|Regenerate)/ });
}

describe('Tweaking a design with the tools', () => {
  it(
    'paints a wall and removes an element; each generation costs its credits',
    async () => {
      const { page, server, mail } = e2e;
      const { user, session } = await registerVerifiedUser(server.url, smtpMailbox(mail));
      await logIn(page, user);
      await toTweakStep(page, roomPhoto);
      const startCredits = await creditsOnServer(session);

      // Wall paint: a mask stroke, then a colour from the library.
      await page.getByRole('button', { name: 'Wall paint', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Wall paint' }));
      const paintButton = generateButton(page);
      expect(await paintButton.textContent()).toBe('Generate1 credit');
      expect(await paintButton.isDisabled()).toBe(true);
      await paintStroke(page, [0.55, 0.2], [0.85, 0.3]);
      // The overlay is the work image's natural size, and the stroke is on it.
      const canvasSize = await page
        .getByRole('img', { name: 'Selection mask' })
        .evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]);
      expect(canvasSize).toEqual(await naturalSize(page, 'Work Image'));
      const share = await paintedShare(page);
      expect(share).toBeGreaterThan(0.005);
      expect(share).toBeLessThan(0.2);
      await screenshot(page, 'design-actions-paint-mask');

      await control(page, 'Choose color').click();
      const colours = page.getByRole('list', { name: 'Colours' });
      await colours.locator('button[aria-pressed]').first().click();
      expect(await generateButton(page).isEnabled()).toBe(true);
      await screenshot(page, 'design-actions-paint-colour');

      await generateButton(page).click();
      const painted = page.getByRole('button', { name: 'Wall paint 1' });
      await painted.waitFor({ state: 'visible', timeout: GENERATION_TIMEOUT });
      expect(await painted.getAttribute('aria-pressed')).toBe('true');
      expect(await creditsOnServer(session)).toBe(startCredits - 1);
      await shows(page.getByRole('link', { name: `${startCredits - 1} credits` }));
      await shows(page.getByText('Design saved', { exact: true }));
      expect(await generateButton(page).textContent()).toBe('Regenerate1 credit');
      await screenshot(page, 'design-actions-paint-result');

      // Going back with the painted image selected asks; Yes makes it the design's state.
      await page.getByRole('button', { name: 'All tools', exact: true }).click();
      const apply = page.getByRole('dialog', { name: 'Apply changes?' });
      await apply.getByRole('button', { name: 'Yes' }).click();
      await shows(page.getByRole('heading', { name: 'All tools' }));

      // Remove elements, one design.
      await page.getByRole('button', { name: 'Remove elements', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Remove elements' }));
      const designs = page.getByRole('slider', { name: 'Number of designs' });
      await designs.focus();
      await page.keyboard.press('Home');
      expect(await generateButton(page).textContent()).toBe('Generate1 credit');
      await paintStroke(page, [0.3, 0.62], [0.45, 0.7]);
      expect(await paintedShare(page)).toBeGreaterThan(0.005);
      await generateButton(page).click();
      const removed = page.getByRole('button', { name: 'Remove elements 1' });
      await removed.waitFor({ state: 'visible', timeout: GENERATION_TIMEOUT });
      expect(await removed.getAttribute('aria-pressed')).toBe('true');
      expect(await creditsOnServer(session)).toBe(startCredits - 2);
      await screenshot(page, 'design-actions-remove-result');

      // The saved design holds both results and the painted image as its state.
      const { data: list } = (await session.expect(200, 'GET', '/api/designs')) as {
        data: { generated_images: Record<string, { name: string }[]>; state_image: string }[];
      };
      const saved = list[0];
      expect(saved?.generated_images.paints?.map(({ name }) => name)).toEqual(['Wall paint 1']);
      expect(saved?.generated_images.remove_elements?.map(({ name }) => name)).toEqual([
        'Remove elements 1',
      ]);
    },
    STORY_TIMEOUT,
  );

  it(
    'selects automatically with a click, and swaps a detected piece of furniture',
    async () => {
      const { page, server, mail } = e2e;
      const { user, session } = await registerVerifiedUser(server.url, smtpMailbox(mail));
      await logIn(page, user);
      await toTweakStep(page, roomPhoto);
      const startCredits = await creditsOnServer(session);

      // Automatic selection: a click on the sofa asks the segmenter (the design is saved first,
      // since it reads stored images) and shows its mask.
      await page.getByRole('button', { name: 'Remove elements', exact: true }).click();
      await page.getByText('Automatic', { exact: true }).click();
      const mask = page.getByRole('img', { name: 'Selection mask' });
      await shows(mask);
      const box = await mask.boundingBox();
      if (box === null) throw new Error('the mask overlay has no box');
      await page.mouse.click(box.x + 0.42 * box.width, box.y + 0.62 * box.height);
      await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));
      await waitForPainted(page, 0.01);
      const selected = await paintedShare(page);
      expect(selected).toBeGreaterThan(0.01);
      expect(selected).toBeLessThan(0.6);
      expect(await generateButton(page).isEnabled()).toBe(true);
      await screenshot(page, 'design-actions-automatic-selection');

      // Change furniture: the elements found on entering the step, a piece, its replacements.
      await page.getByRole('button', { name: 'All tools', exact: true }).click();
      await page.getByRole('button', { name: 'Change furniture', exact: true }).click();
      const elements = page.getByRole('list', { name: 'Space elements' });
      await shows(elements);
      const labels = await elements.getByRole('button').allTextContents();
      expect(labels.length).toBeGreaterThan(0);
      expect([...labels].sort((a, b) => a.localeCompare(b))).toEqual(labels);
      const piece = labels.find((label) => /sofa|couch/i.test(label)) ?? labels[0] ?? '';
      await elements.getByRole('button', { name: piece }).first().click();
      await control(page, 'Load options').click();
      const products = page.getByRole('list', { name: 'Products' });
      await shows(products);
      await products.locator('button[aria-pressed]').first().click();
      await page.getByRole('slider', { name: 'Number of designs' }).focus();
      await page.keyboard.press('Home');
      expect(await generateButton(page).textContent()).toBe('Generate2 credits');
      await screenshot(page, 'design-actions-furniture');
      await generateButton(page).click();
      const swapped = page.getByRole('button', { name: 'Change furniture 1' });
      await swapped.waitFor({ state: 'visible', timeout: GENERATION_TIMEOUT });
      expect(await creditsOnServer(session)).toBe(startCredits - 2);
      await screenshot(page, 'design-actions-furniture-result');
    },
    STORY_TIMEOUT,
  );

  it('opens each panel, and on a phone the footer and its drawer', async () => {
    const { page, server } = e2e;
    const { user } = await registerUser(server.url);
    await logIn(page, user);
    await toTweakStep(page, roomPhoto);

    // Wall paint's spaces select their surface automatically (the design is saved for it). This
    // photo shows one wall, facing the camera.
    await page.getByRole('button', { name: 'Wall paint', exact: true }).click();
    await page.getByText('Front wall', { exact: true }).click();
    await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));
    await waitForPainted(page, 0.02);
    const wall = await paintedShare(page);
    expect(wall).toBeLessThan(0.7);
    await screenshot(page, 'design-actions-wall-spaces');
    await page.getByRole('button', { name: 'All tools', exact: true }).click();

    await page.getByRole('button', { name: 'Architectural style', exact: true }).click();
    const styles = page.getByRole('radiogroup', { name: 'Style' });
    await shows(styles);
    // Residential: every style but none restricted away from it.
    expect(await styles.getByRole('radio').count()).toBe(14);
    expect(await generateButton(page).isDisabled()).toBe(true);
    await styles.getByRole('radio', { name: 'Japandi' }).click();
    expect(await generateButton(page).textContent()).toBe('Generate4 credits');
    await screenshot(page, 'design-actions-style');
    await page.getByRole('button', { name: 'All tools', exact: true }).click();

    await page.getByRole('button', { name: 'Change material', exact: true }).click();
    await page.getByRole('button', { name: 'Select material', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Select material' });
    await dialog.getByRole('button', { name: 'Walnut', exact: true }).first().click();
    expect(await page.getByRole('textbox', { name: 'Material type' }).inputValue()).toBe('Wood');
    expect(await page.getByRole('textbox', { name: 'Material', exact: true }).inputValue()).toBe(
      'Walnut',
    );
    await screenshot(page, 'design-actions-material');
    await page.getByRole('button', { name: 'All tools', exact: true }).click();

    // Floors keeps the rugs unless the person unticks it (issue 10).
    await page.getByRole('button', { name: 'Floors', exact: true }).click();
    const keepRugs = page.getByRole('checkbox', { name: 'Keep rugs' });
    await shows(keepRugs);
    expect(await keepRugs.isChecked()).toBe(true);
    await screenshot(page, 'design-actions-floors');
    await page.getByRole('button', { name: 'All tools', exact: true }).click();

    // A phone: the 56 px footer lists the tools by their mobile names; the drawer holds the
    // panel, and tapping the chosen tool minimizes it, then brings it back with its mask.
    await page.setViewportSize({ width: 390, height: 844 });
    const footer = page.getByRole('navigation', { name: 'Tools' });
    await shows(footer);
    expect((await footer.boundingBox())?.height).toBe(56);
    await footer.getByRole('button', { name: 'Paint' }).click();
    const drawer = page.getByRole('region', { name: 'Wall paint' });
    await shows(drawer.getByRole('button', { name: 'Choose color' }));
    await paintStroke(page, [0.2, 0.2], [0.6, 0.25]);
    expect(await paintedShare(page)).toBeGreaterThan(0.005);
    await footer.getByRole('button', { name: 'Paint' }).click();
    await drawer.getByRole('button', { name: 'Choose color' }).waitFor({ state: 'detached' });
    await footer.getByRole('button', { name: 'Paint' }).click();
    await shows(drawer.getByRole('button', { name: 'Choose color' }));
    expect(await paintedShare(page)).toBeGreaterThan(0.005);
    await drawer.getByRole('button', { name: 'All tools' }).click();
    await drawer.waitFor({ state: 'detached' });
  });
});
