import { describe, expect, it } from 'vitest';
import { ApiSession, newUser, registerUser } from './support/api';
import { useE2E } from './support/harness';
import { screenshot } from './support/screenshot';
import { accountMenu, arrivesAt, fillLogin, shows } from './support/ui';

const e2e = useE2E();

describe('Signing up and signing in', () => {
  it('a visitor creates an account, logs out from the avatar menu and logs back in', async () => {
    const { page, mail } = e2e;
    const user = newUser({ first_name: 'Grace', last_name: 'Hopper' });

    await page.goto('/register');
    await shows(page.getByRole('heading', { name: 'Create new account' }));
    await screenshot(page, 'register');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('First name', { exact: true }).fill(user.first_name);
    await page.getByLabel('Last name', { exact: true }).fill(user.last_name);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('checkbox', { name: /I agree to the terms of service/ }).check();
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    // In session and on the default route, with the avatar menu in the header.
    await arrivesAt(page, '/design');
    await shows(accountMenu(page));
    const welcome = await mail.waitForMail({ to: user.email, subject: /verify/i });
    expect(welcome.text).toContain('Hello Grace');

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await arrivesAt(page, '/login');
    await shows(page.getByRole('heading', { name: 'Log in' }));
    expect(await accountMenu(page).count()).toBe(0);
    await screenshot(page, 'login');

    await fillLogin(page, user);
    await arrivesAt(page, '/design');
    await shows(accountMenu(page));
    await accountMenu(page).click();
    await shows(page.getByText('Grace Hopper', { exact: true }));
  });

  it('a wrong password is refused with a message and no session', async () => {
    const { page, server } = e2e;
    const { user } = await registerUser(server.url);

    await page.goto('/login');
    await fillLogin(page, { email: user.email, password: 'not-the-password' });
    await shows(page.getByText('These credentials do not match our records'));
    await arrivesAt(page, '/login');
    expect(await accountMenu(page).count()).toBe(0);
  });

  it('a guest opening /designs is sent to log in and comes back to /designs', async () => {
    const { page, server } = e2e;
    const { user } = await registerUser(server.url);

    await page.goto('/designs');
    await arrivesAt(page, '/login/designs');
    await shows(page.getByRole('heading', { name: 'Log in' }));

    await fillLogin(page, user);
    await arrivesAt(page, '/designs');
    await shows(page.getByRole('heading', { name: 'Your designs' }));
    await shows(page.getByText('You have no designs yet'));
    await screenshot(page, 'designs');

    // The session is real: the API knows the person the browser signed in as.
    const api = new ApiSession(server.url);
    for (const cookie of await page.context().cookies()) api.cookies.set(cookie.name, cookie.value);
    const me = (await api.expect(200, 'GET', '/api/auth/user')) as { data: { email: string } };
    expect(me.data.email).toBe(user.email);
  });
});
