import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { creditsLabel } from '../model/credits-label';

/** The credits (top-up) page of spec §2: the invitation to add credits and the balance. */
export function CreditsTopUp({ availableCredits }: { availableCredits: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('credits.title')}</Title>
        <Text size="lg" c="dimmed" maw={560}>
          {t('credits.invitation')}
        </Text>
      </Stack>
      <Card withBorder radius="lg" padding="xl" maw={420}>
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
            <IconCoins size={28} />
          </ThemeIcon>
          <div>
            <Text size="sm" c="dimmed">
              {t('credits.balance')}
            </Text>
            <Text fz={28} fw={600} ff="heading">
              {creditsLabel(availableCredits)}
            </Text>
          </div>
        </Group>
      </Card>
    </Stack>
  );
}
