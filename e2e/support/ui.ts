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

/** Picks the room's space type and design type on the upload step (Residential, Living room). */
export async function describeRoom(page: Page) {
  for (const [label, option] of [
    ['Space type', 'Residential'],
    ['Design type', 'Living room'],
  ] as const) {
    await page.getByRole('textbox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
}

/** Uploads `photo`, describes the room and goes on to the tweak step's tools. */
export async function toTweakStep(page: Page, photo: string) {
  await page.getByLabel('Click or drag file to this area to upload').setInputFiles(photo);
  await shows(page.getByRole('img', { name: 'Your photo' }));
  await describeRoom(page);
  await control(page, 'Next').click();
  await shows(page.getByRole('heading', { name: 'All tools' }));
}

/** Drags the mouse across the mask overlay, from and to fractions of its box. */
export async function paintStroke(page: Page, from: [number, number], to: [number, number]) {
  const mask = page.getByRole('img', { name: 'Selection mask' });
  await shows(mask);
  const box = await mask.boundingBox();
  if (box === null) throw new Error('the mask overlay has no box');
  await page.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    const t = step / 12;
    await page.mouse.move(
      box.x + (from[0] + (to[0] - from[0]) * t) * box.width,
      box.y + (from[1] + (to[1] - from[1]) * t) * box.height,
    );
  }
  await page.mouse.up();
}
