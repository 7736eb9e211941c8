import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { RoomIllustration } from '@/components/ui/room-illustration';
import { ROOT_PATH } from '@/config/paths';
import { useIsMobile, useIsRegisterMobile } from '@/hooks/use-screen';
import { AnimatedPage } from '../page-transition';
import { useCurrentRoute } from '../use-current-route';
import { PageSuspense } from './page-suspense';
import classes from './guest-layout.module.css';

/**
 * The guest layout of spec §2: logo, the side image on login only, and on narrow screens no
 * header, with the logo leading to the root instead. Register counts as narrow up to 1200 px.
 */
export function GuestLayout() {
  const { t } = useTranslation();
  const name = useCurrentRoute()?.name;
  const isRegister = name === 'register';
  const isNarrowPage = useIsMobile();
  const isNarrowRegister = useIsRegisterMobile();
  const isMobile = isRegister ? isNarrowRegister : isNarrowPage;
  const withSideImage = name === 'login' && !isMobile;

  return (
    <div className={classes.shell} data-mobile={isMobile || undefined}>
      <div className={classes.column}>
        {isMobile ? null : (
          <header className={classes.header}>
            <Link to={ROOT_PATH} aria-label={t('nav.home')}>
              <Logo width={120} />
            </Link>
          </header>
        )}
        <main className={classes.main}>
          <div className={classes.card} data-wide={isRegister || undefined}>
            {isMobile ? (
              <Link to={ROOT_PATH} aria-label={t('nav.home')} className={classes.mobileLogo}>
                <Logo width={120} />
              </Link>
            ) : null}
            <AnimatedPage>
              <PageSuspense>
                <Outlet />
              </PageSuspense>
            </AnimatedPage>
          </div>
        </main>
      </div>
      {withSideImage ? (
        <aside className={classes.aside}>
          <RoomIllustration />
          <Stack className={classes.caption} gap={4}>
            <Title order={2} size="h3">
              {t('login.asideTitle')}
            </Title>
            <Text size="sm" c="sand.8">
              {t('login.asideText')}
            </Text>
          </Stack>
        </aside>
      ) : null}
    </div>
  );
}
