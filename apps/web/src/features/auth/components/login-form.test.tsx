import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The text a screen reader announces as the field's description, errors included. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('LoginForm', () => {
  it('shows every field error at once, with the form banner', async () => {
    const { user } = renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Some fields have errors')).toBeDefined();
    expect(screen.getAllByText('Cannot be empty')).toHaveLength(2);
    expect(descriptionOf(screen.getByLabelText('Email'))).toContain('Cannot be empty');
    expect(descriptionOf(screen.getByLabelText('Password'))).toContain('Cannot be empty');
  });

  it('checks the email address', async () => {
    const { user } = renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Enter a valid email address')).toBeDefined();
    expect(screen.queryByText('Cannot be empty')).toBeNull();
  });

  it("puts the server's field errors on the fields", async () => {
    const fetchMock = vi.fn<typeof fetch>((input) =>
      Promise.resolve(
        input === '/api/csrf-cookie'
          ? jsonResponse(204)
          : jsonResponse(422, {
              message: 'Some fields have errors',
              errors: { email: ['These credentials do not match our records'] },
            }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onLoggedIn = vi.fn();
    const { user } = renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('These credentials do not match our records')).toBeDefined();
    expect(within(screen.getByRole('alert')).getByText('Some fields have errors')).toBeDefined();
    expect(onLoggedIn).not.toHaveBeenCalled();
    const [, init] = fetchMock.mock.lastCall ?? [];
    expect(init?.body).toBe('{"email":"ada@example.com","password":"wrong password"}');
  });
});
