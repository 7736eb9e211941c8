import type { ReactNode } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/** Shown while the config or the user loads (spec §2), and for start-up failures. */
export function FullScreenLoader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="lg">
        <Logo width={148} />
        {children ?? <Loader type="dots" aria-label={t('common.loading')} />}
      </Stack>
    </Center>
  );
}
