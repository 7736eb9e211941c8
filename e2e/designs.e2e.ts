import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, type ApiSession } from './support/api';
import { repoRoot } from './support/app-server';
import { useE2E } from './support/harness';
import { screenshot } from './support/screenshot';
import { arrivesAt, control, fillLogin, logIn, shows } from './support/ui';

// A real room photo from the shared test assets, read where it lies when the test runs.
const roomPhoto = path.join(repoRoot, '../shared/assets/rooms/living-room-1.jpg');

const e2e = useE2E();

interface DesignList {
  data: { id: number; name: string; space_sub_type: string; state_image: string }[];
}

async function designsOnServer(session: ApiSession) {
  return ((await session.expect(200, 'GET', '/api/designs')) as DesignList).data;
}

/** Picks an option in one of the Details dropdowns. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Whether an image has really loaded (a broken image has no natural width). */
function hasLoaded(page: Page, name: string) {
  return page
    .getByRole('img', { name, exact: true })
    .first()
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
}

async function uploadAndDescribe(page: Page) {
  await page.getByLabel('Click or drag file to this area to upload').setInputFiles(roomPhoto);
  await shows(page.getByRole('img', { name: 'Your photo' }));
  await choose(page, 'Space type', 'Residential');
  await choose(page, 'Design type', 'Living room');
}

describe('Designing a room', () => {
  it('a guest uploads a photo, logs in, continues to the tools, saves and deletes the design', async () => {
    const { page, server } = e2e;
    const { user, session } = await registerUser(server.url);

    await page.goto('/design');
    await shows(page.getByRole('heading', { name: 'Upload your image' }));
    await shows(page.getByText('Click or drag file to this area to upload'));
    await screenshot(page, 'design-upload');

    await page.getByLabel('Click or drag file to this area to upload').setInputFiles(roomPhoto);
    await shows(page.getByRole('img', { name: 'Your photo' }));
    await shows(control(page, 'Replace image'));
    expect(await hasLoaded(page, 'Your photo')).toBe(true);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    expect(await next.isDisabled()).toBe(true);

    await choose(page, 'Space type', 'Residential');
    expect(await next.isDisabled()).toBe(true);
    await choose(page, 'Design type', 'Living room');
    expect(await next.isEnabled()).toBe(true);
    await screenshot(page, 'design-upload-preview');

    // A guest is sent to log in; the flow then continues with the photo still there.
    await next.click();
    await arrivesAt(page, '/login/design');
    await fillLogin(page, user);
    await arrivesAt(page, '/design');
    await shows(page.getByRole('heading', { name: 'All tools' }));
    await shows(page.getByRole('img', { name: 'Work Image' }));
    expect(await hasLoaded(page, 'Work Image')).toBe(true);
    await shows(page.getByText('Architectural style', { exact: true }));
    await shows(page.getByText('AI assistant', { exact: true }));
    await screenshot(page, 'design-tweak');

    await page.getByRole('button', { name: 'Save design' }).click();
    await shows(page.getByText('Design saved', { exact: true }));
    await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));
    const [saved] = await designsOnServer(session);
    expect(saved?.space_sub_type).toBe('living_room');
    expect(saved?.name).toMatch(/^Living room - \d{2}-\d{2}-\d{4}$/);
    expect(new URL(page.url()).pathname).toBe(`/design/${saved?.id}`);
    const name = saved?.name ?? '';

    await control(page, 'Your designs').click();
    await arrivesAt(page, '/designs');
    await page.reload();
    await shows(page.getByText(name, { exact: true }));
    await shows(page.getByText(/^Created on \d{2}-\d{2}-\d{4}$/));
    const renders = page.getByRole('button', { name: `Show the renders of ${name}` });
    expect(
      await renders.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBeGreaterThan(0);
    await screenshot(page, 'designs-list');

    await renders.click();
    const detail = page.getByRole('dialog', { name });
    await shows(detail.getByText('Base image', { exact: true }));
    await shows(detail.getByText('Work Image', { exact: true }));
    await shows(control(page, 'Open').last());
    await screenshot(page, 'design-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    await control(page, 'Delete').click();
    const confirmation = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to delete it?' });
    await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
    await shows(page.getByText('Design deleted', { exact: true }));
    await shows(page.getByText('You have no designs yet'));
    expect(await designsOnServer(session)).toEqual([]);
  });

  it('a user with unsaved changes is asked before leaving, and New design starts over', async () => {
    const { page, server } = e2e;
    const { user, session } = await registerUser(server.url);
    await logIn(page, user);
    await uploadAndDescribe(page);
    await control(page, 'Next').click();
    await shows(page.getByRole('heading', { name: 'All tools' }));

    // Stop keeps the person on the design, with the design as it was.
    await control(page, 'Your designs').click();
    const unsaved = page.getByRole('dialog', { name: 'You have unsaved changes' });
    await shows(unsaved.getByText('You will lose all your unsaved changes if you continue'));
    await unsaved.getByRole('button', { name: 'Stop' }).click();
    await unsaved.waitFor({ state: 'hidden' });
    await arrivesAt(page, '/design');
    await shows(page.getByRole('img', { name: 'Work Image' }));

    // Go back returns to the upload step with the details kept.
    await control(page, 'Go back').click();
    await shows(page.getByRole('img', { name: 'Your photo' }));
    expect(await page.getByRole('textbox', { name: 'Design type', exact: true }).inputValue()).toBe(
      'Living room',
    );

    await page.getByRole('button', { name: 'New design' }).click();
    await shows(unsaved);
    await unsaved.getByRole('button', { name: 'Continue' }).click();
    await shows(page.getByText('Click or drag file to this area to upload'));
    expect(await page.getByRole('img', { name: 'Your photo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    expect(await designsOnServer(session)).toEqual([]);
  });
});
