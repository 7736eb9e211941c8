import { notify } from '@/lib/notify';
import { useGenerateImages } from '../api/actions';
import { useEditorPorts } from '../components/editor-ports';
import { exportMask } from '../components/mask-surface';
import { useMaskSurface } from '../components/mask-surface-context';
import { routeOf, sendsMask } from '../model/tools';
import { selectShownImage, useEditorStore } from '../store/editor-store';
import { canGenerate, leastCostOf, toolRequest } from '../tools/registry';
import { reportActionError, useNotEnoughCredits } from './use-action-error';

/**
 * The Generate button's command (spec §2, §4 After successful generation, §5 Credits): checks the
 * credits, sends the tool's request, puts the new images first in the action's list, selects the
 * first one, updates the credits and saves the design.
 */
export function useGenerate(): () => Promise<void> {
  const ports = useEditorPorts();
  const maskSurface = useMaskSurface();
  const { mutateAsync: generate } = useGenerateImages();
  const notEnoughCredits = useNotEnoughCredits();

  return async () => {
    const editor = useEditorStore.getState();
    const { action, desiredNumberOfDesigns: designs } = editor.tweak;
    const workImage = selectShownImage(editor);
    if (action === 'none' || workImage === null || editor.generating) return;
    if (!canGenerate(action, editor.inputs, editor.mask.painted)) return;
    // The assistant's cost depends on what it plans: the server decides (spec §5, §8 402).
    if (ports.availableCredits !== null && ports.availableCredits < leastCostOf(action, designs)) {
      notEnoughCredits();
      return;
    }
    editor.setGenerating(true);
    try {
      // Only a mask painted with this tool: never another tool's stale one (issue 11).
      const mask = sendsMask(action, editor.mask.painted)
        ? await exportMask(maskSurface.current)
        : null;
      const form = toolRequest({
        action,
        draft: editor.draft,
        workImage,
        inputs: editor.inputs,
        designs,
        mask,
      });
      const answer = await generate({ route: routeOf(action), form });
      useEditorStore.getState().addGenerated(action, answer.images, answer.used);
      ports.onCreditsChanged(answer.remainingCredits);
      // What the generation could not do as asked (a restyle's swap over budget), said plainly.
      for (const notice of answer.notices ?? []) notify('warning', notice);
      await ports.saveDesign();
    } catch (error) {
      reportActionError(error, notEnoughCredits);
    } finally {
      useEditorStore.getState().setGenerating(false);
    }
  };
}
