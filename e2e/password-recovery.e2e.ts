import { describe, expect, it } from 'vitest';
import { ApiSession, registerUser } from './support/api';
import { useE2E } from './support/harness';
import { extractLinks } from './support/mime';
import { screenshot } from './support/screenshot';
import { accountMenu, arrivesAt, control, fillLogin, shows } from './support/ui';

const e2e = useE2E();

describe('Recovering a forgotten password', () => {
  it('a user sets a new password from the emailed link and logs in with it', async () => {
    const { page, mail, server } = e2e;
    const { user } = await registerUser(server.url);
    const newPassword = `${user.password}-renewed`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await arrivesAt(page, '/recover-password');
    await shows(page.getByRole('heading', { name: 'Recover password' }));
    await screenshot(page, 'recover-password-request');

    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send recovery link' }).click();
    await shows(page.getByRole('heading', { name: 'Password recovery initiated' }));
    await shows(page.getByText(user.email, { exact: false }));
    await shows(control(page, 'Return to login page'));
    await screenshot(page, 'recover-password-sent');

    // The link in the mail the SMTP server received, not one built by the test.
    const resetMail = await mail.waitForMail({ to: user.email, subject: /reset/i });
    const link = extractLinks(resetMail.text).find((url) =>
      url.startsWith(`${server.url}/recover-password?`),
    );
    if (!link) throw new Error(`no recovery link in the mail:\n${resetMail.text}`);
    expect(new URL(link).searchParams.get('email')).toBe(user.email);

    await page.goto(link);
    await shows(page.getByLabel('New password'));
    const email = page.getByLabel('Email', { exact: true });
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.isEditable()).toBe(false);
    await screenshot(page, 'reset-password');

    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await shows(page.getByRole('heading', { name: 'Password recovery completed' }));
    await screenshot(page, 'reset-password-completed');

    await control(page, 'Login to continue').click();
    await arrivesAt(page, '/login');
    await fillLogin(page, { email: user.email, password: newPassword });
    await arrivesAt(page, '/design');
    await shows(accountMenu(page));

    // The old password is gone, and the link cannot be used twice.
    const api = new ApiSession(server.url);
    await api.expect(422, 'POST', '/api/auth/login', {
      email: user.email,
      password: user.password,
    });
    const token = new URL(link).searchParams.get('token');
    await api.expect(422, 'POST', '/api/auth/reset-password', {
      email: user.email,
      token,
      password: 'yet-another-password',
    });
  });

  it('an invalid recovery link says so and changes nothing', async () => {
    const { page, server } = e2e;
    const { user } = await registerUser(server.url);

    await page.goto(
      `/recover-password?${new URLSearchParams({ email: user.email, token: 'forged' })}`,
    );
    await page.getByLabel('New password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await shows(page.getByText('This password reset link is invalid or has expired'));
    expect(await page.getByRole('heading', { name: 'Password recovery completed' }).count()).toBe(
      0,
    );

    const api = new ApiSession(server.url);
    await api.expect(200, 'POST', '/api/auth/login', {
      email: user.email,
      password: user.password,
    });
  });
});
