import { useState } from 'react';
import { Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDesignDate, type Design } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefFor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDeleteDesign } from '../api/delete-design';
import classes from './design-card.module.css';
import { RenameDesign } from './rename-design';

/** The delete confirmation of spec §2, Dialogs. */
function confirmDeletion(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('designs.deleteTitle'),
      children: <Text size="sm">{i18n.t('designs.deleteQuestion')}</Text>,
      labels: { confirm: i18n.t('designs.delete'), cancel: i18n.t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onClose: () => resolve(false),
    });
  });
}

interface DesignCardProps {
  design: Design;
  onShowRenders: () => void;
  onDeleted: () => void;
  onRenamed: (design: Design) => void;
}

/** One design in the list (spec §2): its image, name, "Created on", Open, Rename and Delete. */
export function DesignCard({ design, onShowRenders, onDeleted, onRenamed }: DesignCardProps) {
  const { t } = useTranslation();
  const deleteDesign = useDeleteDesign();
  const [deleting, setDeleting] = useState(false);
  const [renaming, setRenaming] = useState(false);

  const remove = async () => {
    if (!(await confirmDeletion())) return;
    setDeleting(true);
    try {
      await deleteDesign(design.id);
      notify('positive', t('designs.deleted'));
      onDeleted();
    } catch (error) {
      // Reported by the client already; the design stays.
      if (!(error instanceof ApiError)) throw error;
      setDeleting(false);
    }
  };

  return (
    <Card withBorder padding="md" component="article">
      <Card.Section>
        <UnstyledButton
          className={classes.imageButton}
          onClick={onShowRenders}
          aria-label={t('designs.showRenders', { name: design.name })}
        >
          <img className={classes.image} src={design.state_image} alt="" loading="lazy" />
        </UnstyledButton>
      </Card.Section>
      <Stack gap={2} mt="md">
        <Text fw={600} lineClamp={1} title={design.name}>
          {design.name}
        </Text>
        <Text size="sm" c="dimmed">
          {t('designs.createdOn', { date: formatDesignDate(new Date(design.created_at)) })}
        </Text>
      </Stack>
      <Group mt="md" justify="space-between">
        <Button component={Link} to={hrefFor('design', { id: String(design.id) })} variant="light">
          {t('designs.open')}
        </Button>
        <Group gap={4}>
          <Button
            variant="subtle"
            color="sand.8"
            leftSection={<IconPencil size={16} />}
            onClick={() => setRenaming(true)}
          >
            {t('designs.rename')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={deleting}
            onClick={() => void remove()}
          >
            {t('designs.delete')}
          </Button>
        </Group>
      </Group>
      {renaming ? (
        <RenameDesign
          design={design}
          opened
          onClose={() => setRenaming(false)}
          onRenamed={onRenamed}
        />
      ) : null}
    </Card>
  );
}
