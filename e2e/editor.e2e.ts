// Issue 15: the tweak-design editor as a new user expects it, walked in Chromium at 1440×900 and
// 390×844. Designs with results are seeded through the API (see support/seed-design).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, type ApiSession } from './support/api';
import { repoRoot } from './support/app-server';
import { useE2E } from './support/harness';
import { screenshot, screenshotDir, viewports } from './support/screenshot';
import { SEEDED_NEWEST_FIRST, seedDesign } from './support/seed-design';
import { arrivesAt, logIn, shows, toTweakStep } from './support/ui';

const roomPhoto = path.join(repoRoot, '../shared/assets/rooms/living-room-1.jpg');

const e2e = useE2E();

/** A single-size screenshot, for a state a resize would undo (a phone drawer, a minimised strip). */
const artifact = (file: string) => path.join(screenshotDir, file);

interface ServerDesign {
  id: number;
  name: string;
  state_image: string;
  base_image: string;
  history: { current: string; past: string[]; pointer: number } | null;
}

async function designsOnServer(session: ApiSession) {
  return ((await session.expect(200, 'GET', '/api/designs')) as { data: ServerDesign[] }).data;
}

async function designOnServer(session: ApiSession, id: number) {
  return ((await session.expect(200, 'GET', `/api/designs/${id}`)) as { data: ServerDesign }).data;
}

/** Logs in as a user with a seeded design and opens it in the editor. */
async function openSeededDesign(page: Page, baseUrl: string) {
  const seeded = await seedDesign(baseUrl);
  await logIn(page, seeded.user);
  await page.goto(`/design/${seeded.design.id}`);
  await shows(page.getByRole('img', { name: 'Work Image' }));
  return seeded;
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save design' });
const strip = (page: Page) => page.getByRole('list', { name: 'Images of this design' });
const stageImage = (page: Page) =>
  page
    .locator('figure img')
    .first()
    .evaluate((image: HTMLImageElement) => image.src);
const compareSlider = (page: Page) =>
  page.getByRole('slider', { name: 'Drag to compare the images' });

/** Picks a result in the strip, goes back to the tools and applies it (spec §4). */
async function applyResult(page: Page, name: string) {
  await page.getByRole('button', { name: 'Architectural style', exact: true }).click();
  await strip(page).getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'All tools' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Apply changes?' });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('The tweak-design editor (issue 15)', () => {
  it('New design with a saved design open starts an empty new design, and Save waits for a change', async () => {
    const { page, server } = e2e;
    const { user, session } = await registerUser(server.url);
    await logIn(page, user);
    await toTweakStep(page, roomPhoto);
    expect(await saveButton(page).isEnabled()).toBe(true);
    await saveButton(page).click();
    await shows(page.getByText('Design saved', { exact: true }));
    await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));
    // Nothing changed since the first save (the detected elements are stored with it): canSave.
    await page.waitForTimeout(2_500);
    expect(await saveButton(page).isDisabled()).toBe(true);
    await screenshot(page, 'editor-saved');

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [saved] = await designsOnServer(session);
      await page.goto(`/design/${saved?.id}`);
      await shows(page.getByRole('img', { name: 'Work Image' }));
      await page.getByRole('button', { name: 'New design' }).click();
      await arrivesAt(page, '/design');
      await shows(page.getByRole('heading', { name: 'Upload your image' }));
      await page.waitForTimeout(1_000);
      expect(new URL(page.url()).pathname).toBe('/design');
      expect(await page.getByRole('img', { name: 'Work Image' }).count()).toBe(0);
    }
    await screenshot(page, 'editor-new-design');
    // The next design is a new one, not the old one overwritten.
    await toTweakStep(page, roomPhoto);
    await saveButton(page).click();
    await shows(page.getByText('Design saved', { exact: true }));
    await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));
    expect(await designsOnServer(session)).toHaveLength(2);
  });

  it('keeps the undo history with the design: applied, undone and reloaded, redo is still there', async () => {
    const { page, server } = e2e;
    const { session, design } = await openSeededDesign(page, server.url);
    const undo = page.getByRole('button', { name: 'Undo' });
    const redo = page.getByRole('button', { name: 'Redo' });
    expect(await undo.isDisabled()).toBe(true);
    expect(await saveButton(page).isDisabled()).toBe(true);

    await applyResult(page, 'Wall paint 3');
    const applied = await stageImage(page);
    expect(applied).not.toContain(design.base_image);
    await saveButton(page).click();
    await shows(page.getByText('Design saved', { exact: true }));
    await page.reload();
    await shows(page.getByRole('img', { name: 'Work Image' }));
    expect(await stageImage(page)).toBe(applied);
    expect(await undo.isEnabled()).toBe(true);

    await undo.click();
    expect(await stageImage(page)).toContain(design.base_image);
    expect(await redo.isEnabled()).toBe(true);
    await saveButton(page).click();
    await shows(page.getByText('Design saved', { exact: true }).first());
    await page.waitForTimeout(500);
    const stored = await designOnServer(session, design.id);
    expect(stored.history?.pointer).toBe(0);
    expect(stored.state_image).toBe(design.base_image);

    await page.reload();
    await shows(page.getByRole('img', { name: 'Work Image' }));
    expect(await redo.isEnabled()).toBe(true);
    expect(await undo.isDisabled()).toBe(true);
    await redo.click();
    expect(await stageImage(page)).toBe(applied);
    await screenshot(page, 'editor-history');
  });

  it('shows the newest result first in a minimisable carousel whose arrows scroll 75% in 400 ms', async () => {
    const { page, server } = e2e;
    await openSeededDesign(page, server.url);
    await page.waitForTimeout(300);
    const names = await strip(page)
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.textContent));
    expect(names).toEqual(['Work Image', ...SEEDED_NEWEST_FIRST]);
    await screenshot(page, 'editor-strip');

    const scrollLeft = () => strip(page).evaluate((list) => list.scrollLeft);
    // A narrower desktop, so one arrow press does not reach the end of the eight images.
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.waitForTimeout(300);
    const width = await strip(page).evaluate((list) => list.clientWidth);
    const left = page.getByRole('button', { name: 'Scroll left' });
    const right = page.getByRole('button', { name: 'Scroll right' });
    expect(await left.isDisabled()).toBe(true);
    // The arrow's scroll, timed in the page by animation frames: 75% of the width in 400 ms.
    const motion = await right.evaluate(async (button: HTMLButtonElement) => {
      const list = document.querySelector<HTMLElement>('[aria-label="Images of this design"]');
      if (list === null) throw new Error('no strip');
      const clicked = performance.now();
      button.click();
      let last = list.scrollLeft;
      let lastMove = clicked;
      // Every frame is looked at, however late it comes, before deciding the motion is over.
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (list.scrollLeft !== last) {
          last = list.scrollLeft;
          lastMove = performance.now();
        } else if (performance.now() - lastMove >= 300) break;
      }
      return { took: lastMove - clicked, final: list.scrollLeft };
    });
    console.log(`carousel arrow: ${motion.final} px of ${width} px visible in ${motion.took} ms`);
    expect(motion.final).toBeCloseTo(Math.round(width * 0.75), -1);
    expect(motion.took).toBeGreaterThanOrEqual(350);
    expect(motion.took).toBeLessThan(1_000);
    expect(await left.isEnabled()).toBe(true);

    // The active item comes back into view 1500 ms after it changes.
    const last = SEEDED_NEWEST_FIRST[SEEDED_NEWEST_FIRST.length - 1] ?? '';
    await right.click();
    await page.waitForTimeout(600);
    await strip(page).getByRole('button', { name: last }).click();
    const changed = Date.now();
    await page.getByRole('button', { name: 'Architectural style', exact: true }).click();
    await page.waitForTimeout(1_000);
    expect(await scrollLeft()).toBeGreaterThan(0);
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>('[aria-label="Images of this design"]')?.scrollLeft ===
        0,
      null,
      { timeout: 5_000 },
    );
    expect(Date.now() - changed).toBeGreaterThanOrEqual(1_500);

    await page.getByRole('button', { name: 'Minimize images' }).click();
    expect(await strip(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Show images' }).click();
    await shows(strip(page));
    await page.getByRole('button', { name: 'Minimize images' }).click();
    await page.setViewportSize(viewports.desktop);
    await page.screenshot({ path: artifact('editor-strip-minimised.desktop.png'), fullPage: true });
  });

  it('lists what one design costs, totals it on Generate, and shows costs on the phone footer', async () => {
    const { page, server } = e2e;
    await openSeededDesign(page, server.url);
    const tools = page.getByRole('complementary', { name: 'All tools' });
    const costOf = (tool: string) =>
      tools
        .getByRole('button', { name: tool, exact: true })
        .locator('.mantine-Badge-label')
        .textContent();
    expect(await costOf('Architectural style')).toBe('2 credits');
    expect(await costOf('AI assistant')).toBe('2 credits');
    expect(await costOf('Wall paint')).toBe('1 credit');

    await page.getByRole('button', { name: 'Architectural style', exact: true }).click();
    const slider = page.getByRole('slider', { name: 'Number of designs' });
    await slider.focus();
    await page.keyboard.press('End');
    expect(await page.getByRole('button', { name: /^Generate/ }).textContent()).toBe(
      'Generate8 credits',
    );
    await screenshot(page, 'editor-costs-generate');
    await page.getByRole('button', { name: 'All tools' }).first().click();
    // Four designs were left behind by the last tool; the list still shows one design's cost.
    expect(await costOf('Architectural style')).toBe('2 credits');
    expect(await costOf('Remove elements')).toBe('1 credit');
    await screenshot(page, 'editor-costs');

    await page.setViewportSize(viewports.mobile);
    const footer = page.getByRole('navigation', { name: 'Tools' });
    await shows(footer.getByRole('button', { name: 'Style, 2 credits' }));
    await shows(footer.getByRole('button', { name: 'Paint, 1 credit' }));
  });

  it('compares Before and After: near 2% on a result, 50% on the applied work image', async () => {
    const { page, server } = e2e;
    await openSeededDesign(page, server.url);
    await page.getByRole('button', { name: 'Architectural style', exact: true }).click();
    await strip(page).getByRole('button', { name: 'Floors 1' }).click();
    await shows(page.getByText('Before', { exact: true }));
    await shows(page.getByText('After', { exact: true }));
    expect(Number(await compareSlider(page).inputValue())).toBe(2);
    await screenshot(page, 'editor-compare-result');

    await page.getByRole('button', { name: 'All tools' }).first().click();
    await page
      .getByRole('dialog', { name: 'Apply changes?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await page.waitForTimeout(300);
    expect(Number(await compareSlider(page).inputValue())).toBe(50);
    await screenshot(page, 'editor-compare-applied');
  });

  it('Change furniture: Empty image hides every overlay, outlines follow the element, and a colour never picks its product', async () => {
    const { page, server } = e2e;
    await openSeededDesign(page, server.url);
    await page.getByRole('button', { name: 'Change furniture', exact: true }).click();
    const elements = page.getByRole('list', { name: 'Space elements' });
    await shows(elements);
    const outlines = page.locator('svg polygon');
    expect(await outlines.count()).toBeGreaterThan(0);
    const corners = await outlines.first().getAttribute('points');
    expect(corners?.trim().split(/\s+/).length).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'editor-furniture');

    await page.getByText('Empty image', { exact: true }).click();
    await elements.waitFor({ state: 'hidden' });
    expect(await outlines.count()).toBe(0);
    expect(await page.locator('figure').getByRole('button', { name: 'Sofa' }).count()).toBe(0);
    await screenshot(page, 'editor-furniture-empty');
    await page.getByText('Selection points', { exact: true }).click();

    await elements.getByRole('button', { name: 'Sofa' }).first().click();
    await page.getByRole('button', { name: 'Load options' }).click();
    const enlarge = page.getByRole('button', { name: /^Enlarge / }).first();
    await shows(enlarge);
    const product = ((await enlarge.getAttribute('aria-label')) ?? '').replace(/^Enlarge /, '');
    await enlarge.click();
    const dialog = page.getByRole('dialog', { name: product });
    const swatch = dialog
      .locator('[aria-pressed]')
      .filter({ hasNot: page.locator('img') })
      .first();
    await swatch.click();
    expect(await swatch.getAttribute('aria-pressed')).toBe('true');
    // The colour is picked on the card; the product is not picked behind the person's back.
    await shows(dialog.getByRole('button', { name: 'Pick', exact: true }));
    expect(await page.getByRole('button', { name: /^Generate/ }).isDisabled()).toBe(true);
    await page.screenshot({ path: artifact('editor-furniture-colour.desktop.png') });
    await dialog.getByRole('button', { name: 'Pick', exact: true }).click();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: /^Generate/ }).isEnabled()).toBe(true);
  });

  it('Change material: each select has its own hint and Leather is a type of its own', async () => {
    const { page, server } = e2e;
    await openSeededDesign(page, server.url);
    await page.getByRole('button', { name: 'Change material', exact: true }).click();
    expect(
      await page.getByRole('textbox', { name: 'Material type' }).getAttribute('placeholder'),
    ).toBe('Select material type');
    expect(
      await page
        .getByRole('textbox', { name: 'Material', exact: true })
        .getAttribute('placeholder'),
    ).toBe('Select material');
    await page.getByRole('button', { name: 'Select material', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Select material' });
    await shows(dialog);
    await shows(dialog.getByText('Fabric', { exact: true }));
    const fabric = dialog.getByText('Fabric', { exact: true }).locator('xpath=..');
    expect(await fabric.getByRole('button', { name: 'Leather', exact: true }).count()).toBe(0);
    const leather = dialog.getByText('Leather', { exact: true }).first().locator('xpath=..');
    await shows(leather.getByRole('button', { name: 'Nubuck' }));
    await page.screenshot({ path: artifact('editor-material-dialog.desktop.png') });
    await leather.getByRole('button', { name: 'Nubuck' }).click();
    expect(await page.getByRole('textbox', { name: 'Material type' }).inputValue()).toBe('Leather');
    await screenshot(page, 'editor-material');
  });

  it('on a phone: the title is whole, notifications stay above the bars, and the active tool minimises and returns with its mask', async () => {
    const { page, server } = e2e;
    await page.setViewportSize(viewports.mobile);
    const { design } = await openSeededDesign(page, server.url);
    const title = page.getByRole('heading', { level: 1, name: design.name });
    expect(
      await title.evaluate(
        (heading) =>
          heading.scrollHeight <= heading.clientHeight + 1 &&
          heading.getBoundingClientRect().right <= window.innerWidth,
      ),
    ).toBe(true);
    await screenshot(page, 'editor-phone');

    const footer = page.getByRole('navigation', { name: 'Tools' });
    await footer.getByRole('button', { name: /^Remove,/ }).click();
    const drawer = page.getByRole('region', { name: 'Remove elements' });
    await shows(drawer);
    const mask = page.getByRole('img', { name: 'Selection mask' });
    await shows(mask);
    const box = await mask.boundingBox();
    if (box === null) throw new Error('the mask has no box');
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1)
      await page.mouse.move(box.x + box.width * (0.3 + step * 0.04), box.y + box.height * 0.5);
    await page.mouse.up();
    const painted = () =>
      mask.evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let index = 3; index < (data?.length ?? 0); index += 4)
          if ((data?.[index] ?? 0) > 127) count += 1;
        return count;
      });
    const before = await painted();
    expect(before).toBeGreaterThan(0);

    await footer.getByRole('button', { name: /^Remove,/ }).click();
    await shows(drawer.getByRole('button', { name: 'Expand' }));
    await page.screenshot({ path: artifact('editor-phone-minimised.mobile.png'), fullPage: true });
    expect(await painted()).toBe(before);
    await footer.getByRole('button', { name: /^Remove,/ }).click();
    await shows(drawer.getByRole('button', { name: 'Minimize' }));
    expect(
      await footer.getByRole('button', { name: /^Remove,/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await painted()).toBe(before);

    // A notification while the drawer is open stands above it: apply a result, open a tool, save.
    await footer.getByRole('button', { name: /^Style,/ }).click();
    // The drawer covers the strip until it is minimised.
    await footer.getByRole('button', { name: /^Style,/ }).click();
    await page
      .getByRole('list', { name: 'Images of this design' })
      .getByRole('button', { name: 'Floors 1' })
      .click();
    await page
      .getByRole('region', { name: 'Architectural style' })
      .getByRole('button', { name: 'All tools' })
      .click();
    await page
      .getByRole('dialog', { name: 'Apply changes?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await footer.getByRole('button', { name: /^Assistant,/ }).click();
    const assistant = page.getByRole('region', { name: 'AI assistant' });
    await shows(assistant);
    await saveButton(page).click();
    const note = page.locator('.mantine-Notification-root').filter({ hasText: 'Design saved' });
    await shows(note);
    const noteBox = await note.boundingBox();
    const drawerBox = await assistant.boundingBox();
    expect((noteBox?.y ?? 0) + (noteBox?.height ?? 0)).toBeLessThanOrEqual((drawerBox?.y ?? 0) + 1);
    await page.screenshot({ path: artifact('editor-phone-notification.mobile.png') });
  });
});
