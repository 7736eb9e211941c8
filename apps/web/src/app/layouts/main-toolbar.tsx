import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefFor } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { CreditsButton } from '@/features/credits/components/credits-button';
import { EditorToolbar } from '@/features/design/components/editor-toolbar';
import { useIsLargeScreen, useIsMobile, useIsPortraitMobile } from '@/hooks/use-screen';
import { useCurrentDesignHref, useDesignCommands } from '../design-flow';
import { loginHrefFor } from '../navigation';
import { useCurrentRoute } from '../use-current-route';
import { AccountMenu } from './account-menu';
import { InstallButton } from './install-app';

/** The main layout's toolbar slot (spec §2). */
export function MainToolbar() {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  const name = current?.name;
  const isMobile = useIsMobile();
  const isPortraitMobile = useIsPortraitMobile();
  const isLarge = useIsLargeScreen();
  const inSession = useAuthStore((state) => state.inSession);
  const { data: user } = useUser();
  const signedInUser = inSession ? user : undefined;
  const onDesign = name === 'design';
  const designHref = useCurrentDesignHref();
  const { save, startNewDesign } = useDesignCommands();

  return (
    <Group gap="xs" wrap="nowrap">
      {!isMobile ? <InstallButton /> : null}
      {onDesign ? (
        <EditorToolbar
          onSave={() => void save()}
          onNewDesign={() => void startNewDesign()}
          compact={!isLarge}
        />
      ) : null}
      {!onDesign && !isMobile ? (
        <Button
          component={Link}
          to={designHref}
          variant="subtle"
          color="sand.8"
          leftSection={<IconArrowBackUp size={18} />}
        >
          {t('nav.backToDesign')}
        </Button>
      ) : null}
      {name !== 'designs' && !isPortraitMobile ? (
        isLarge ? (
          <Button
            component={Link}
            to={hrefFor('designs')}
            variant="default"
            leftSection={<IconLayoutGrid size={18} />}
          >
            {t('nav.yourDesigns')}
          </Button>
        ) : (
          <Tooltip label={t('nav.yourDesigns')}>
            <ActionIcon
              component={Link}
              to={hrefFor('designs')}
              variant="default"
              size="lg"
              radius="xl"
              aria-label={t('nav.yourDesigns')}
            >
              <IconLayoutGrid size={18} />
            </ActionIcon>
          </Tooltip>
        )
      ) : null}
      {signedInUser && (!isMobile || onDesign) ? (
        <CreditsButton availableCredits={signedInUser.available_credits} compact={isMobile} />
      ) : null}
      {signedInUser ? (
        <AccountMenu user={signedInUser} />
      ) : (
        <Button component={Link} to={loginHrefFor(current)}>
          {t('nav.login')}
        </Button>
      )}
    </Group>
  );
}
