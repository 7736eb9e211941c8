import { useState } from 'react';
import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLayoutGrid, IconPlus } from '@tabler/icons-react';
import type { Design } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useDesigns } from '../api/get-designs';
import { DesignCard } from './design-card';
import { DesignRenders } from './design-renders';

interface DesignsListProps {
  onNewDesign: () => void;
  onDeleted: (id: number) => void;
  /** A design was renamed here; the editor may be holding it. */
  onRenamed: (design: Design) => void;
}

/** The designs list of spec §2: the user's designs, newest first, or the empty state. */
export function DesignsList({ onNewDesign, onDeleted, onRenamed }: DesignsListProps) {
  const { t } = useTranslation();
  const designs = useDesigns();
  const [detail, setDetail] = useState<Design | null>(null);
  const [detailOpened, setDetailOpened] = useState(false);

  const newDesign = (
    <Button leftSection={<IconPlus size={18} />} onClick={onNewDesign}>
      {t('designs.newDesign')}
    </Button>
  );

  let content;
  if (designs.isPending) {
    content = (
      <Center py="xl">
        <Loader type="dots" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (designs.isError) {
    content = (
      <Stack align="center" gap="md" py="xl">
        <Text c="dimmed">{t('designs.loadFailed')}</Text>
        <Button variant="default" onClick={() => void designs.refetch()}>
          {t('startup.retry')}
        </Button>
      </Stack>
    );
  } else if (designs.data.length === 0) {
    content = (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState
          icon={<IconLayoutGrid size={34} />}
          message={t('designs.empty')}
          action={newDesign}
        />
      </Card>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="lg">
        {designs.data.map((design) => (
          <DesignCard
            key={design.id}
            design={design}
            onShowRenders={() => {
              setDetail(design);
              setDetailOpened(true);
            }}
            onDeleted={() => onDeleted(design.id)}
            onRenamed={(renamed) => {
              if (detail?.id === renamed.id) setDetail(renamed);
              onRenamed(renamed);
            }}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="center">
        <Title order={1}>{t('designs.title')}</Title>
        {designs.data && designs.data.length > 0 ? newDesign : null}
      </Group>
      {content}
      <DesignRenders design={detail} opened={detailOpened} onClose={() => setDetailOpened(false)} />
    </Stack>
  );
}
