import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { PRIVACY_URL, ROOT_PATH, TERMS_URL } from '@/config/paths';
import { useEditorStore } from '@/features/design/store/editor-store';
import { useIsMobile } from '@/hooks/use-screen';
import { useCurrentDesignHref } from '../design-flow';
import { AnimatedPage } from '../page-transition';
import { useCurrentRoute } from '../use-current-route';
import { OfflineNote } from './install-app';
import { MainToolbar } from './main-toolbar';
import { PageSuspense } from './page-suspense';
import classes from './main-layout.module.css';

/** The main layout of spec §2: header with logo and toolbar, the page, and a footer. */
export function MainLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const name = useCurrentRoute()?.name;
  const designHref = useCurrentDesignHref();
  const designExists = useEditorStore((state) => state.draft.base !== null);

  return (
    <div className={classes.shell}>
      <OfflineNote />
      <header className={classes.header}>
        <div className={classes.brand}>
          {/* Spec §2: on mobile, "Go back to design" is a chevron, shown when a design exists. */}
          {isMobile && name !== 'design' && designExists ? (
            <Button
              component={Link}
              to={designHref}
              variant="subtle"
              color="sand.8"
              size="compact-md"
              px={4}
              leftSection={<IconChevronLeft size={20} />}
            >
              {t('nav.goBack')}
            </Button>
          ) : null}
          <Link to={ROOT_PATH} aria-label={t('nav.home')}>
            <Logo width={isMobile ? 90 : 104} />
          </Link>
        </div>
        <MainToolbar />
      </header>
      <main className={classes.main}>
        <AnimatedPage>
          <PageSuspense>
            <Outlet />
          </PageSuspense>
        </AnimatedPage>
      </main>
      <footer className={classes.footer}>
        <Logo width={90} />
        <Group gap="lg">
          <Anchor href={TERMS_URL} target="_blank" rel="noopener" size="sm" c="dimmed">
            {t('footer.terms')}
          </Anchor>
          <Anchor href={PRIVACY_URL} target="_blank" rel="noopener" size="sm" c="dimmed">
            {t('footer.privacy')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
        </Group>
      </footer>
    </div>
  );
}
