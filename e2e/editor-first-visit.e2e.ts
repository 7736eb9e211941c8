// Issue 15, items 10 and 11: the small things a new user meets around the editor, and the designs
// list (rename, full-size renders), walked in Chromium.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newUser } from './support/api';
import { repoRoot } from './support/app-server';
import { useE2E } from './support/harness';
import { screenshot } from './support/screenshot';
import { seedDesign } from './support/seed-design';
import { arrivesAt, control, logIn, shows } from './support/ui';

const roomPhoto = path.join(repoRoot, '../shared/assets/rooms/living-room-1.jpg');

const e2e = useE2E();

describe('A first visit around the editor (issue 15)', () => {
  it('a guest is told why they must log in, sees the budget currency and the upload limit, and an opaque header', async () => {
    const { page } = e2e;
    await page.goto('/design');
    await shows(page.getByRole('heading', { name: 'Upload your image' }));
    // The budget fields show the currency they are in.
    await shows(page.getByText('Budget (EUR)', { exact: true }));
    await shows(page.getByText('€').first());

    // A photo over the limit: the dialog says what the limit is.
    await page.getByLabel('Click or drag file to this area to upload').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(16 * 1024 * 1024, 1),
    });
    const tooLarge = page.getByRole('dialog', { name: 'Selected image too large' });
    await shows(tooLarge.getByText('Selected image is too large', { exact: true }));
    await shows(tooLarge.getByText(/The limit is 15 MB/));
    await screenshot(page, 'editor-image-too-large');
    await tooLarge.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Click or drag file to this area to upload').setInputFiles(roomPhoto);
    for (const [label, option] of [
      ['Space type', 'Residential'],
      ['Design type', 'Living room'],
    ] as const) {
      await page.getByRole('textbox', { name: label, exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await screenshot(page, 'editor-budget-currency');
    await control(page, 'Next').click();
    await arrivesAt(page, '/login/design');
    await shows(page.getByText('Login to continue', { exact: true }));
    await screenshot(page, 'editor-login-to-continue');

    await page.goto('/design');
    const background = await page
      .locator('header')
      .first()
      .evaluate((header) => getComputedStyle(header).backgroundColor);
    // rgb(...) has no alpha; rgba(..., a) with a < 1 would let the page show through.
    expect(background).toMatch(/^rgb\(/);
  });

  it('a new user asks for the verification email again at once without a red error, and the profile says the email is not verified', async () => {
    const { page } = e2e;
    const user = newUser();
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('First name', { exact: true }).fill(user.first_name);
    await page.getByLabel('Last name', { exact: true }).fill(user.last_name);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('checkbox', { name: /I agree to the terms of service/ }).check();
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/register');

    await page.goto('/verify-email');
    await page.getByRole('button', { name: 'Send a new verification link' }).click();
    await shows(page.getByRole('button', { name: /^Verify again in \d+ secs?$/ }));
    await page.waitForTimeout(500);
    // The link sent at sign-up is on its way: said as information, not as a failure.
    await shows(page.getByText(/We sent you a verification link a moment ago/));
    expect(
      await page.getByText('Please wait before requesting another verification email').count(),
    ).toBe(0);
    await screenshot(page, 'editor-verify-resend');

    await page.goto('/profile');
    await shows(page.getByText('Email not verified', { exact: true }));
    await screenshot(page, 'editor-profile-unverified');
  });

  it('a user renames a design in the list and opens each render full size', async () => {
    const { page, server } = e2e;
    const { user, session, design } = await seedDesign(server.url);
    await logIn(page, user);
    await page.goto('/designs');
    await shows(page.getByText(design.name, { exact: true }));

    await control(page, 'Rename').click();
    const dialog = page.getByRole('dialog', { name: 'Rename design' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Sunny living room');
    await screenshot(page, 'editor-designs-rename');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await shows(page.getByText('Design renamed', { exact: true }));
    await shows(page.getByText('Sunny living room', { exact: true }));
    const stored = (await session.expect(200, 'GET', `/api/designs/${design.id}`)) as {
      data: { name: string };
    };
    expect(stored.data.name).toBe('Sunny living room');
    await page.reload();
    await shows(page.getByText('Sunny living room', { exact: true }));

    await page.getByRole('button', { name: 'Show the renders of Sunny living room' }).click();
    const detail = page.getByRole('dialog', { name: 'Sunny living room' });
    const renders = detail.getByRole('button', { name: /^Open .* full size$/ });
    // The renders arrive with the design's history; wait for the last before counting.
    await shows(renders.nth(8));
    expect(await renders.count()).toBe(9);
    await detail.getByRole('button', { name: 'Open Wall paint 3 full size' }).click();
    const full = page.getByRole('dialog', { name: 'Wall paint 3' });
    const image = full.getByRole('img', { name: 'Wall paint 3' });
    await shows(image);
    await image.evaluate((img: HTMLImageElement) => img.decode());
    const { natural, shown } = await image.evaluate((img: HTMLImageElement) => ({
      natural: img.naturalWidth,
      shown: img.getBoundingClientRect().width,
    }));
    // Its own pixels, or the whole width of the screen when it is larger.
    expect(shown).toBeGreaterThanOrEqual(Math.min(natural, 1440 - 64) - 1);
    await shows(full.getByRole('link', { name: 'Open the image in a new tab' }));
    await page.screenshot({
      path: path.join(repoRoot, '.artifacts/screenshots/editor-render-full-size.desktop.png'),
    });
  });
});
