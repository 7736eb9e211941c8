import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { deleteAccount } from '../api/delete-account';
import { usePasswordGate } from '../hooks/use-password-gate';
import { ConfirmPasswordModal } from './confirm-password-modal';

function confirmDeletion(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('account.deleteConfirmTitle'),
      children: (
        <Text size="sm">
          {i18n.t('account.deleteConfirmQuestion')} {i18n.t('account.deleteConfirmText')}
        </Text>
      ),
      labels: { confirm: i18n.t('account.deleteConfirm'), cancel: i18n.t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      // A promise settles once, so closing after a confirmation changes nothing.
      onClose: () => resolve(false),
    });
  });
}

/** Deleting the account: password, then a last confirmation, then goodbye (spec §1). */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const gate = usePasswordGate();
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      const deleted = await gate.run(async () => {
        if (!(await confirmDeletion())) return false;
        await deleteAccount();
        return true;
      });
      if (!deleted) return;
      notify('positive', t('account.deleted'));
      onDeleted();
    } catch (error) {
      // Reported by the client already; the account stays as it was.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Group justify="flex-end">
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} />}
          loading={deleting}
          onClick={() => void remove()}
        >
          {t('account.deleteAccount')}
        </Button>
      </Group>
      <ConfirmPasswordModal {...gate.modalProps} />
    </>
  );
}
