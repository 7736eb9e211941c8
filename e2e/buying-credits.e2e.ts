import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { creditsOnServer, registerVerifiedUser, smtpMailbox } from './support/api';
import { repoRoot } from './support/app-server';
import { useE2E } from './support/harness';
import { screenshot } from './support/screenshot';
import { arrivesAt, control, logIn, shows, toTweakStep } from './support/ui';

const roomPhoto = path.join(repoRoot, '../shared/assets/rooms/living-room-1.jpg');
/** Restyles run on the CPU of a small machine that other tests may be sharing. */
const GENERATION_TIMEOUT = 150_000;
const STORY_TIMEOUT = 420_000;

const e2e = useE2E();

const generateButton = (page: Page) => page.getByRole('button', { name: /^(Generate|Regenerate)/ });
const toolbarCredits = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `${count} credits` });

describe('Buying credits', () => {
  it(
    'runs out of credits, buys a package in test mode, sees it in the toolbar and the history, and generates again',
    async () => {
      const { page, server, mail } = e2e;
      // The signup bonus comes with the verified address.
      const { user, session } = await registerVerifiedUser(server.url, smtpMailbox(mail));
      await logIn(page, user);
      await toTweakStep(page, roomPhoto);
      const start = await creditsOnServer(session);
      expect(start).toBe(10);

      // Four restyled designs cost 8 of the 10 signup credits.
      await page.getByRole('button', { name: 'Architectural style', exact: true }).click();
      const styles = page.getByRole('radiogroup', { name: 'Style' });
      await styles.getByRole('radio', { name: 'Japandi' }).click();
      await page.getByRole('slider', { name: 'Number of designs' }).focus();
      await page.keyboard.press('End');
      expect(await generateButton(page).textContent()).toBe('Generate8 credits');
      await generateButton(page).click();
      await page
        .getByRole('button', { name: 'Architectural style 1' })
        .waitFor({ state: 'visible', timeout: GENERATION_TIMEOUT });
      await shows(toolbarCredits(page, 2));
      await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));
      const designPath = new URL(page.url()).pathname;

      // Another round is more than the 2 left: the notification offers "Buy more".
      await generateButton(page).click();
      await shows(page.getByText('You do not have enough credits for this action'));
      await control(page, 'Buy more').click();
      await arrivesAt(page, '/credits');
      await shows(
        page.getByText("Add more credits and continue creating the space you've always dreamed of"),
      );
      await shows(page.getByText('100% secure payment with money back guarantee'));
      await shows(page.getByText('Best value'));
      await shows(page.getByRole('cell', { name: 'Architectural style, 4 designs' }));
      await shows(page.getByRole('cell', { name: 'Signup bonus' }));
      await screenshot(page, 'credits-page');

      // Test mode: the provider's page says no money is taken.
      await control(page, 'Buy 200 credits').click();
      await page.waitForURL((url) => url.pathname.startsWith('/test-checkout/'));
      const sessionId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      await shows(page.getByText('No money is taken', { exact: false }));
      await shows(page.getByText('200 credits for €15.00'));
      await screenshot(page, 'credits-test-checkout');
      await control(page, 'Pay €15.00').click();

      // The return page: paid, the new balance, in the toolbar without a reload, and the history.
      await arrivesAt(page, `/credits/${sessionId}`);
      await shows(page.getByText('Payment received'));
      await shows(page.getByText('Your balance is now 202 credits'));
      await shows(toolbarCredits(page, 202));
      await shows(page.getByRole('cell', { name: 'Purchase of 200 credits' }));
      expect(await creditsOnServer(session)).toBe(202);
      const receipt = await mail.waitForMail({ to: user.email, subject: /receipt/ });
      expect(receipt.text).toContain('200 credits have been added');
      await screenshot(page, 'credits-outcome');

      // Back to the design the person was working on, and generate.
      await control(page, 'Back to your design').click();
      await arrivesAt(page, designPath);
      await shows(page.getByRole('radiogroup', { name: 'Style' }));
      expect(await generateButton(page).textContent()).toBe('Regenerate8 credits');
      await generateButton(page).click();
      await page
        .getByRole('button', { name: 'Architectural style 5' })
        .waitFor({ state: 'visible', timeout: GENERATION_TIMEOUT });
      await shows(toolbarCredits(page, 194));
      expect(await creditsOnServer(session)).toBe(194);
    },
    STORY_TIMEOUT,
  );

  it('cancels a test checkout: nothing is taken and the credits page says so', async () => {
    const { page, server, mail } = e2e;
    const { user, session } = await registerVerifiedUser(server.url, smtpMailbox(mail));
    await logIn(page, user);
    await page.goto('/credits');
    await control(page, 'Buy 50 credits').click();
    await page.waitForURL((url) => url.pathname.startsWith('/test-checkout/'));
    await control(page, 'Cancel').click();
    await arrivesAt(page, '/credits', '?checkout=cancelled');
    await shows(page.getByText('Payment cancelled. No money was taken'));
    expect(await creditsOnServer(session)).toBe(10);

    // A payment reference that is not this person's shows as not found.
    await page.goto('/credits/test_cs_not-a-real-session');
    await shows(page.getByText('Payment not found'));
  });
});
