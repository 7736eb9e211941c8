import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ActionId } from '@roomcraft/contracts';
import { i18n } from '@/lib/i18n';
import { useEditorStore } from '../store/editor-store';

export type ApplyAnswer = 'yes' | 'no' | 'dismissed';

/** The Apply changes dialog (spec §2 Dialogs): "Apply changes?" with Yes and No. */
export function confirmApplyChanges(): Promise<ApplyAnswer> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('tweak.applyTitle'),
      children: <Text size="sm">{i18n.t('tweak.applyText')}</Text>,
      labels: { confirm: i18n.t('tweak.yes'), cancel: i18n.t('tweak.no') },
      onConfirm: () => resolve('yes'),
      onCancel: () => resolve('no'),
      // A promise settles once: after Yes or No, closing changes nothing.
      onClose: () => resolve('dismissed'),
    });
  });
}

/**
 * Spec §4 Going back from an action (and §2: tapping another action first confirms the current
 * design): with a generated image selected, the dialog asks; Yes makes it the design's new state
 * through the history, No leaves the state as it was; closing the dialog stays on the tool.
 */
export async function leaveActionFor(next: ActionId): Promise<boolean> {
  const editor = useEditorStore.getState();
  if (editor.tweak.action !== 'none' && (editor.selectedImage ?? 0) > 0) {
    const answer = await confirmApplyChanges();
    if (answer === 'dismissed') return false;
    if (answer === 'yes') useEditorStore.getState().applySelectedImage();
  }
  useEditorStore.getState().selectAction(next);
  return true;
}
