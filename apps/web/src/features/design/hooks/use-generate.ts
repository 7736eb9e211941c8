import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { generate } from '../api/actions';
import { useEditorPorts } from '../components/editor-ports';
import { exportMask } from '../components/mask-surface';
import { generateForm } from '../model/generate-form';
import { canGenerate, costOf, routeOf, usesMask } from '../model/tools';
import { selectShownImage, useEditorStore } from '../store/editor-store';

/**
 * Reports a failed action call. The client has already handled 401 and 419; a 402 becomes the
 * "Buy more" notification (spec §8), anything else the answer's message (a field error first).
 */
export function reportActionError(error: unknown, notEnoughCredits: () => void): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 401 || error.status === 419) return;
  if (error.status === 402) {
    notEnoughCredits();
    return;
  }
  const fieldError = Object.values(error.errors ?? {})[0]?.[0];
  notify('negative', fieldError ?? error.message);
}

/** The "You do not have enough credits" notification with its "Buy more" action (spec §5, §8). */
export function useNotEnoughCredits(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { creditsHref } = useEditorPorts();
  return () =>
    void notify('negative', t('messages.notEnoughCredits'), {
      label: t('tweak.buyMore'),
      onClick: () => void navigate(creditsHref),
    });
}

/**
 * The Generate button's command (spec §2, §4 After successful generation, §5 Credits): checks the
 * credits, sends the tool's request, puts the new images first in the action's list, selects the
 * first one, updates the credits and saves the design.
 */
export function useGenerate(): () => Promise<void> {
  const ports = useEditorPorts();
  const notEnoughCredits = useNotEnoughCredits();

  return async () => {
    const editor = useEditorStore.getState();
    const { action, desiredNumberOfDesigns: designs } = editor.tweak;
    const workImage = selectShownImage(editor);
    if (action === 'none' || workImage === null || editor.generating) return;
    if (!canGenerate(action, editor.inputs, editor.mask.painted)) return;
    if (ports.availableCredits !== null && ports.availableCredits < costOf(action, designs)) {
      notEnoughCredits();
      return;
    }
    editor.setGenerating(true);
    try {
      const mask = usesMask(action) ? await exportMask(editor.maskSurface) : null;
      const form = generateForm({
        action,
        draft: editor.draft,
        workImage,
        inputs: editor.inputs,
        designs,
        mask,
      });
      const answer = await generate(routeOf(action), form);
      useEditorStore.getState().addGenerated(action, answer.images, answer.used);
      ports.onCreditsChanged(answer.remainingCredits);
      await ports.saveDesign();
    } catch (error) {
      reportActionError(error, notEnoughCredits);
    } finally {
      useEditorStore.getState().setGenerating(false);
    }
  };
}
