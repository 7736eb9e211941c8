import type { Locator, Page } from 'playwright-core';
import type { TestUser } from './api';

/**
 * Waits for the element to be visible; the wait failing (after the context's default timeout) is
 * the assertion. Playwright's web-first `expect` lives in @playwright/test, which is not used here.
 */
export async function shows(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

/** Waits for the path (and, when given, the query) the app navigates to. */
export async function arrivesAt(page: Page, pathname: string, search?: string): Promise<void> {
  await page.waitForURL(
    (url) => url.pathname === pathname && (search === undefined || url.search === search),
  );
}

/** A control the person activates by its visible text, be it a button or a button-styled link. */
export function control(page: Page, name: string): Locator {
  return page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }));
}

export async function fillLogin(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * Logs in through the login page. The app keeps its own "in session" flag next to the cookie
 * (spec §4), so handing the browser an API session's cookie would not sign the app in.
 */
export async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await fillLogin(page, user);
  await arrivesAt(page, '/design');
  await shows(accountMenu(page));
}

/** The avatar menu in the header: there only for a signed-in person. */
export function accountMenu(page: Page): Locator {
  return page.getByRole('button', { name: 'Account menu' });
}
