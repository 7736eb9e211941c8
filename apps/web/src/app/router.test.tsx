import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@/lib/i18n';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/testing/render';
import { Providers } from './providers';
import { appRoutes } from './router';

const user = {
  id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  avatar: null,
  available_credits: 1200,
  email_verified_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
const config = {
  data: {
    version: '0.1.0',
    maxFileSize: 15,
    design: { actions: [], styles: [], modes: [], spaces: [] },
  },
};

function serve(signedIn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      if (input === '/api/config') return Promise.resolve(jsonResponse(200, config));
      if (input === '/api/designs') return Promise.resolve(jsonResponse(200, { data: [] }));
      if (input === '/api/auth/user') {
        return Promise.resolve(
          signedIn ? jsonResponse(200, { data: user }) : jsonResponse(401, { message: 'No' }),
        );
      }
      return Promise.resolve(jsonResponse(204));
    }),
  );
}

function open(path: string, { inSession }: { inSession: boolean }) {
  useAuthStore.setState({ inSession });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function arrivesAt(router: ReturnType<typeof open>, path: string) {
  await waitFor(() => {
    const { pathname, search } = router.state.location;
    expect(pathname + search).toBe(path);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the route table', () => {
  it('sends the root and unknown paths to the default route', async () => {
    serve(false);
    const router = open('/', { inSession: false });
    await arrivesAt(router, '/design');
    expect(await screen.findByRole('heading', { name: 'Upload your image' })).toBeDefined();

    await router.navigate('/no/such/page');
    await arrivesAt(router, '/design');
  });

  it('resolves /do to the named route', async () => {
    serve(false);
    const router = open('/do?action=recover.password&email=ada%40example.com&token=t', {
      inSession: false,
    });
    await arrivesAt(router, '/recover-password?email=ada%40example.com&token=t');
    expect(await screen.findByLabelText('New password')).toBeDefined();
  });

  it('sends a guest on a guarded page to login, carrying next and id', async () => {
    serve(false);
    const router = open('/credits/cs_7', { inSession: false });
    await arrivesAt(router, '/login/credits/cs_7');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeDefined();
  });

  it('treats a stored session the server no longer knows as a guest, without a redirect of its own', async () => {
    serve(false);
    const router = open('/designs', { inSession: true });
    await arrivesAt(router, '/login/designs');
    expect(JSON.parse(localStorage.getItem('roomcraft.auth') ?? '{}')).toMatchObject({
      state: { inSession: false },
    });
  });

  it('sends a signed-in user on a guest page to the default route', async () => {
    serve(true);
    const router = open('/register', { inSession: true });
    await arrivesAt(router, '/design');
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeDefined();
    expect(screen.getByRole('link', { name: '1200 credits' })).toBeDefined();
  });

  it('lets a signed-in user open a guarded page', async () => {
    serve(true);
    const router = open('/designs', { inSession: true });
    expect(await screen.findByText('You have no designs yet')).toBeDefined();
    expect(router.state.location.pathname).toBe('/designs');
  });
});
