import { describe, expect, it } from 'vitest';
import { ApiSession, registerUser } from './support/api';
import { useE2E } from './support/harness';
import { extractLinks } from './support/mime';
import { screenshot } from './support/screenshot';
import { accountMenu, arrivesAt, control, logIn, shows } from './support/ui';

const e2e = useE2E();

describe('Looking after one’s account', () => {
  it('a user renames themself on the account page and sees "Profile updated"', async () => {
    const { page, server } = e2e;
    const { user, session } = await registerUser(server.url, { first_name: 'Ada' });
    await logIn(page, user);

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await arrivesAt(page, '/profile');
    await shows(page.getByRole('heading', { name: 'Account', exact: true }));
    const firstName = page.getByLabel('First name', { exact: true });
    expect(await firstName.inputValue()).toBe('Ada');
    await screenshot(page, 'profile');

    await firstName.fill('Augusta');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await shows(page.getByText('Profile updated', { exact: true }));

    // Saved on the server, and the header's menu knows the new name without a reload.
    const me = (await session.expect(200, 'GET', '/api/auth/user')) as {
      data: { first_name: string };
    };
    expect(me.data.first_name).toBe('Augusta');
    await accountMenu(page).click();
    await shows(page.getByText(`Augusta ${user.last_name}`, { exact: true }));
    await page.keyboard.press('Escape');

    await page.reload();
    await shows(page.getByLabel('First name', { exact: true }));
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Augusta');
  });

  it('a new user verifies the email address from the mail', async () => {
    const { page, server, mail } = e2e;
    const { user, session } = await registerUser(server.url);
    await logIn(page, user);

    await page.goto('/verify-email');
    await shows(page.getByRole('heading', { name: 'Verify your email' }));
    await shows(page.getByText(user.email, { exact: false }));
    await screenshot(page, 'verify-email');

    const welcome = await mail.waitForMail({ to: user.email, subject: /verify/i });
    const link = extractLinks(welcome.text).find((url) =>
      url.startsWith(`${server.url}/api/auth/verify-email/`),
    );
    if (!link) throw new Error(`no verification link in the mail:\n${welcome.text}`);

    await page.goto(link);
    await arrivesAt(page, '/verify-email', '?verified=1');
    await shows(page.getByRole('heading', { name: 'Your email has been verified' }));
    await screenshot(page, 'verify-email-verified');

    const me = (await session.expect(200, 'GET', '/api/auth/user')) as {
      data: { email_verified_at: string | null };
    };
    expect(me.data.email_verified_at).not.toBeNull();
    await control(page, 'Start designing').click();
    await arrivesAt(page, '/design');
  });

  it('a signed-in user opens the credits page from the header and sees the balance', async () => {
    const { page, server } = e2e;
    const { user, session } = await registerUser(server.url);
    await logIn(page, user);

    await shows(page.getByRole('heading', { name: 'Upload your image' }));
    await screenshot(page, 'design');

    // The balance the server holds (the signup bonus waits for the email to be verified).
    const me = (await session.expect(200, 'GET', '/api/auth/user')) as {
      data: { available_credits: number };
    };
    const balance = `${me.data.available_credits} credits`;
    await control(page, balance).click();
    await arrivesAt(page, '/credits');
    await shows(
      page.getByText("Add more credits and continue creating the space you've always dreamed of"),
    );
    await shows(page.getByText(balance, { exact: true }));
    await screenshot(page, 'credits');
  });

  it('a guest sees the design page with a Login button and no credits', async () => {
    const { page, server } = e2e;
    await page.goto('/');
    await arrivesAt(page, '/design');
    await shows(page.getByRole('heading', { name: 'Upload your image' }));
    await shows(control(page, 'Login'));
    expect(await accountMenu(page).count()).toBe(0);
    // Nothing signed in: the API agrees.
    await new ApiSession(server.url).expect(401, 'GET', '/api/auth/user');
  });
});
