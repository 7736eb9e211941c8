import { useEffect } from 'react';
import { useWindowEvent } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { hrefFor } from '@/config/paths';
import { useEnsureUser } from '@/features/auth/api/get-user';
import { useSaveDesign } from '@/features/design/api/save-design';
import { confirmDiscardChanges } from '@/features/design/components/confirm-discard';
import { NEW_DESIGN_STATE } from '@/features/design/hooks/use-design-entry';
import {
  selectCanSave,
  selectHasWorkToLose,
  useEditorStore,
} from '@/features/design/store/editor-store';
import { useRecordSavedDesign } from '@/features/designs/api/get-designs';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { leavingDesignAsks, loginHrefFor, routeRefOfPath } from './navigation';
import { useCurrentRoute } from './use-current-route';

/** A full logout resets the design editor with the rest (spec §4). */
export function resetUserStores(): void {
  useEditorStore.getState().reset();
}

/** "Go back to design" leads to the current design, or to the design page if none (spec §2). */
export function useCurrentDesignHref(): string {
  const id = useEditorStore((state) => state.draft.id);
  return hrefFor('design', id === 0 ? {} : { id: String(id) });
}

/**
 * The design flow's commands, composed from the editor, the session and the designs list:
 * Next on the upload step, Save, and New design (spec §2, §4).
 */
export function useDesignCommands() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const ensureUser = useEnsureUser();
  const recordSavedDesign = useRecordSavedDesign();
  const { mutateAsync: saveDesign } = useSaveDesign();

  /** Spec §2, Next: a guest goes to login, and the flow continues one step after it. */
  const continueToTweak = async () => {
    if (await ensureUser()) {
      useEditorStore.getState().nextStep();
      return;
    }
    useEditorStore.getState().flagNextStepAfterLogin();
    // The login page tells the guest why they are there ("Login to continue").
    void navigate(loginHrefFor(current), { state: { loginToContinue: true } });
  };

  /** Spec §4, Saving: needs a login; creates or updates, then the route names the design. */
  const save = async () => {
    if (!selectCanSave(useEditorStore.getState())) return;
    if (!(await ensureUser())) {
      void navigate(loginHrefFor(current));
      return;
    }
    const editor = useEditorStore.getState();
    editor.setSaving(true);
    try {
      const design = await saveDesign({ draft: editor.draft, history: editor.history });
      useEditorStore.getState().adoptSaved(design);
      recordSavedDesign(design);
      notify('positive', t('design.saved'));
      void navigate(hrefFor('design', { id: String(design.id) }), { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Other failures were reported by the client; field errors have no form on screen here.
      const fieldError = Object.values(error.errors ?? {})[0]?.[0];
      if (fieldError !== undefined) notify('negative', fieldError);
    } finally {
      useEditorStore.getState().setSaving(false);
    }
  };

  /** Spec §4, New design command: after confirming any loss, a fresh editor without an id. */
  const startNewDesign = async () => {
    if (selectHasWorkToLose(useEditorStore.getState()) && !(await confirmDiscardChanges())) return;
    // The design page resets the editor once its route has left the saved design: reset while
    // the route still named one, the entry rules would open it again (spec §2) and the next
    // generation would be saved into it.
    void navigate(hrefFor('design'), { state: NEW_DESIGN_STATE });
  };

  return { continueToTweak, save, startNewDesign };
}

/**
 * Spec §4: leaving the design page with unsaved changes asks first, in the app (Continue discards
 * them) and when the browser is about to unload the page.
 */
export function useDesignLeaveGuard(): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      leavingDesignAsks(
        routeRefOfPath(currentLocation.pathname),
        routeRefOfPath(nextLocation.pathname),
      ) && selectHasWorkToLose(useEditorStore.getState()),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscardChanges().then((leave) => {
      if (!leave) {
        blocker.reset();
        return;
      }
      blocker.proceed();
      useEditorStore.getState().discardChanges();
    });
  }, [blocker]);

  useWindowEvent('beforeunload', (event) => {
    if (selectHasWorkToLose(useEditorStore.getState())) event.preventDefault();
  });
}
