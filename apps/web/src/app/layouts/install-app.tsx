import { useState } from 'react';
import { Button, Group, Menu, Modal, Text } from '@mantine/core';
import { IconDeviceMobileDown, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { installApp, useInstallStore } from '@/lib/service-worker';

/** The install prompt of spec §2: Install and Cancel. */
function InstallPrompt({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('install.title')} centered>
      <Text size="sm" mb="lg">
        {t('install.body')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('install.cancel')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            void installApp();
          }}
        >
          {t('install.install')}
        </Button>
      </Group>
    </Modal>
  );
}

/** "Install to device" in the toolbar, when the browser offers installation (not on mobile). */
export function InstallButton() {
  const { t } = useTranslation();
  const available = useInstallStore((state) => state.prompt !== null);
  const [opened, setOpened] = useState(false);
  if (!available) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDeviceMobileDown size={18} />}
        onClick={() => setOpened(true)}
      >
        {t('install.button')}
      </Button>
      <InstallPrompt opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** The avatar menu's "Install" on mobile. */
export function InstallMenuItem() {
  const { t } = useTranslation();
  const available = useInstallStore((state) => state.prompt !== null);
  const [opened, setOpened] = useState(false);
  if (!available) return null;
  return (
    <>
      <Menu.Item
        leftSection={<IconDeviceMobileDown size={18} />}
        closeMenuOnClick={false}
        onClick={() => setOpened(true)}
      >
        {t('install.menu')}
      </Menu.Item>
      <InstallPrompt opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** The page's note that the device is offline. */
export function OfflineNote() {
  const { t } = useTranslation();
  const online = useInstallStore((state) => state.online);
  if (online) return null;
  return (
    <Group
      role="status"
      gap={6}
      justify="center"
      py={4}
      bg="sand.9"
      c="white"
      style={{ fontSize: 'var(--mantine-font-size-sm)' }}
    >
      <IconWifiOff size={16} aria-hidden />
      {t('install.offline')}
    </Group>
  );
}
