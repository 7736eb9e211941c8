import { useEffect, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { useUser } from '@/features/auth/api/get-user';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { CookieNotice } from '@/features/cookie-notice/components/cookie-notice';
import { useGlobalConfigStore } from '@/features/global-config/store/global-config-store';
import { ensureCsrfCookie } from '@/lib/api-client';
import { TransitionProvider, usePageTransition } from '../page-transition';
import { PageVisitsProvider } from '../page-visits';
import { useCurrentRoute } from '../use-current-route';

/**
 * Fetches a fresh anti-forgery cookie once per page load, so that reloading, as the "Page has
 * expired" dialog asks, really does cure a stale token. A failure has been reported and is not
 * fatal: auth actions fetch the cookie again before they post.
 */
function useFreshAntiForgeryCookie(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    void ensureCsrfCookie().finally(() => setSettled(true));
  }, []);
  return settled;
}

/**
 * Everything every page shares: config and user loading behind a full-screen loader (spec §2),
 * scroll restoration, page transitions, the pages shown (for the reload-on-login rule), auth
 * errors reset when the route name changes, and the cookie notice.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const configStatus = useGlobalConfigStore((state) => state.status);
  const loadConfig = useGlobalConfigStore((state) => state.load);
  const inSession = useAuthStore((state) => state.inSession);
  const user = useUser();
  const antiForgeryReady = useFreshAntiForgeryCookie();
  const current = useCurrentRoute();
  const transition = usePageTransition(current);
  const routeName = current?.name;

  useEffect(() => {
    void loadConfig();
  }, [loadConfig]);
  useEffect(() => {
    useAuthStore.getState().resetErrors();
  }, [routeName]);

  let screen;
  if (configStatus === 'failed') {
    screen = (
      <FullScreenLoader>
        <Stack align="center" gap="md">
          <Text c="dimmed" ta="center" maw={360}>
            {t('startup.failed')}
          </Text>
          <Button onClick={() => void loadConfig()}>{t('startup.retry')}</Button>
        </Stack>
      </FullScreenLoader>
    );
  } else if (configStatus !== 'ready' || !antiForgeryReady || (inSession && user.isPending)) {
    screen = <FullScreenLoader />;
  } else {
    screen = (
      <PageVisitsProvider>
        <TransitionProvider value={transition}>
          <Outlet />
        </TransitionProvider>
      </PageVisitsProvider>
    );
  }

  return (
    <>
      <ScrollRestoration />
      {screen}
      <CookieNotice />
    </>
  );
}
