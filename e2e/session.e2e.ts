import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiSession } from './support/api';
import { XSRF_COOKIE, registerUser } from './support/api';
import { useE2E } from './support/harness';
import { screenshot } from './support/screenshot';
import { arrivesAt, logIn, shows } from './support/ui';

// The notice's story needs a first visit, with the notice still open.
const e2e = useE2E({ cookieNoticeClosed: false });

describe('Sessions and cookies', () => {
  /** Signs a user in on the profile page, then spoils the XSRF-TOKEN cookie. */
  async function profileWithStaleToken() {
    const { page, context, server } = e2e;
    const { user, session } = await registerUser(server.url, { first_name: 'Ada' });
    await logIn(page, user);
    await page.goto('/profile');
    await shows(page.getByLabel('First name', { exact: true }));

    // The cookie no longer matches the session, as after the server's secret changed. Logging in
    // would not show it: the app fetches a fresh token before every auth action.
    await context.addCookies([{ name: XSRF_COOKIE, value: 'tampered', url: server.url }]);
    const xsrfCookies = (await context.cookies()).filter((cookie) => cookie.name === XSRF_COOKIE);
    expect(xsrfCookies.map((cookie) => cookie.value)).toEqual(['tampered']);
    return { page, session };
  }

  const expiredDialog = (page: Page) =>
    page.getByRole('dialog').filter({ hasText: 'Page has expired. Please reload.' });

  async function saveFirstName(page: Page, name: string) {
    await page.getByLabel('First name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save changes' }).click();
  }

  async function firstNameOnServer(session: ApiSession) {
    const me = (await session.expect(200, 'GET', '/api/auth/user')) as {
      data: { first_name: string };
    };
    return me.data.first_name;
  }

  it('a save with a stale anti-forgery token shows "Page has expired" with a Reload button', async () => {
    const { page, session } = await profileWithStaleToken();

    await saveFirstName(page, 'Augusta');
    const dialog = expiredDialog(page);
    await shows(dialog);
    await shows(dialog.getByRole('button', { name: 'Reload' }));

    // Never dismissed by itself (notifications go after 5 s), nor by Escape; nothing was saved.
    await page.keyboard.press('Escape');
    await page.waitForTimeout(5_500);
    expect(await dialog.isVisible()).toBe(true);
    expect(await firstNameOnServer(session)).toBe('Ada');
  });

  it('after "Page has expired", Reload lets the person carry on', async () => {
    const { page, session } = await profileWithStaleToken();
    await saveFirstName(page, 'Augusta');
    const dialog = expiredDialog(page);
    await shows(dialog);

    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await arrivesAt(page, '/profile');
    await shows(page.getByLabel('First name', { exact: true }));
    expect(await dialog.count()).toBe(0);

    // Reloading is the way out the dialog promises: the same change now goes through.
    await saveFirstName(page, 'Augusta');
    await shows(page.getByText('Profile updated', { exact: true }));
    expect(await firstNameOnServer(session)).toBe('Augusta');
  });

  it('the cookie notice, once closed, stays closed after a reload', async () => {
    const { page, context } = e2e;
    await page.goto('/login');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await shows(notice);
    await shows(notice.getByText(/only the cookies it needs/));
    await screenshot(page, 'cookie-notice');

    await notice.getByRole('button', { name: 'Got it' }).click();
    await notice.waitFor({ state: 'hidden' });

    // Spec §9: the flag "ac" is kept for 3650 days on path /. Chromium caps a cookie's life at
    // 400 days, so a persistent cookie that lasts to that cap is what the app can get.
    const flag = (await context.cookies()).find((cookie) => cookie.name === 'ac');
    expect(flag?.value).toBe('true');
    expect(flag?.path).toBe('/');
    const days = ((flag?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(399);

    await page.reload();
    await shows(page.getByRole('heading', { name: 'Log in' }));
    expect(await notice.count()).toBe(0);
    await page.goto('/register');
    await shows(page.getByRole('heading', { name: 'Create new account' }));
    expect(await notice.count()).toBe(0);
  });
});
