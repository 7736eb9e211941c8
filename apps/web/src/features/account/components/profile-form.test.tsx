import type { User } from '@roomcraft/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ProfileForm } from './profile-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ada: User = {
  id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  avatar: null,
  available_credits: 10,
  email_verified_at: '2026-11-21T09:00:00.000Z',
  created_at: '2026-11-21T09:00:00.000Z',
};

/** A server that wants the password before an email change, as the API does (423). */
function serverWantingPassword() {
  let confirmed = false;
  const calls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/csrf-cookie') return Promise.resolve(jsonResponse(204));
    if (url.endsWith('/confirmed-password-status'))
      return Promise.resolve(jsonResponse(200, { data: { confirmed } }));
    if (url.endsWith('/confirm-password')) {
      confirmed = true;
      return Promise.resolve(jsonResponse(204));
    }
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Partial<User>;
    if (body.email !== ada.email && !confirmed) {
      return Promise.resolve(jsonResponse(423, { message: 'Password confirmation required' }));
    }
    return Promise.resolve(jsonResponse(200, { data: { ...ada, ...body } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('ProfileForm', () => {
  it('saves a new name at once, but asks for the password before a new email address', async () => {
    const calls = serverWantingPassword();
    const onUpdated = vi.fn();
    const { user } = renderWithProviders(<ProfileForm user={ada} onUpdated={onUpdated} />);

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeDefined();
    expect(calls.some((call) => call.includes('confirm'))).toBe(false);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'augusta@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.type(await screen.findByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await vi.waitFor(() =>
      expect(onUpdated).toHaveBeenLastCalledWith(
        expect.objectContaining({ email: 'augusta@example.com' }),
      ),
    );
    expect(calls.filter((call) => call.startsWith('PUT'))).toHaveLength(2);
  });
});
