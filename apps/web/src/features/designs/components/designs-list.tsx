import { Button, Card, Stack, Title } from '@mantine/core';
import { IconLayoutGrid, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { hrefFor } from '@/config/paths';

/**
 * The designs list of spec §2. Saving designs arrives with the editor, so until then every
 * account's list is the empty state and nothing is fetched.
 */
export function DesignsList() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Title order={1}>{t('designs.title')}</Title>
      <Card withBorder radius="lg" padding="xl">
        <EmptyState
          icon={<IconLayoutGrid size={34} />}
          message={t('designs.empty')}
          action={
            <Button component={Link} to={hrefFor('design')} leftSection={<IconPlus size={18} />}>
              {t('designs.newDesign')}
            </Button>
          }
        />
      </Card>
    </Stack>
  );
}
