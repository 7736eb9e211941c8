import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLayoutGrid, IconLogout, IconUserCircle } from '@tabler/icons-react';
import type { User } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefFor } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useIsMobile } from '@/hooks/use-screen';
import { resetUserStores } from '../design-flow';
import { useCurrentRoute } from '../use-current-route';
import { InstallMenuItem } from './install-app';

function initialsOf({ first_name, last_name }: User): string {
  return `${first_name.charAt(0)}${last_name.charAt(0)}`.toUpperCase();
}

/** The avatar menu of a signed-in user (spec §2, main layout). */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = useCurrentRoute()?.name;
  const isMobile = useIsMobile();
  const logout = useLogout(resetUserStores);
  const fullName = `${user.first_name} ${user.last_name}`;

  return (
    <Menu position="bottom-end" width={240} shadow="lg" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.accountMenu')} style={{ borderRadius: '50%' }}>
          <Avatar src={user.avatar} alt={fullName} color="clay" radius="xl" size={38}>
            {initialsOf(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{fullName}</Menu.Label>
        {isMobile ? <InstallMenuItem /> : null}
        {isMobile && name !== 'designs' ? (
          <Menu.Item
            component={Link}
            to={hrefFor('designs')}
            leftSection={<IconLayoutGrid size={18} />}
          >
            {t('nav.yourDesigns')}
          </Menu.Item>
        ) : null}
        {name !== 'account-profile' ? (
          <Menu.Item
            component={Link}
            to={hrefFor('account-profile')}
            leftSection={<IconUserCircle size={18} />}
          >
            {t('nav.account')}
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconLogout size={18} />} onClick={() => void logout()}>
          {t('nav.logout')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('nav.version', { version: __APP_VERSION__ })}</Menu.Label>
      </Menu.Dropdown>
    </Menu>
  );
}
