import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '@/lib/i18n';

/** The unsaved-changes dialog (spec §4): true when the person chooses Continue. */
export function confirmDiscardChanges(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('design.unsavedTitle'),
      children: <Text size="sm">{i18n.t('design.unsavedText')}</Text>,
      labels: { confirm: i18n.t('design.continue'), cancel: i18n.t('design.stop') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      // A promise settles once, so closing after Continue changes nothing.
      onClose: () => resolve(false),
    });
  });
}
