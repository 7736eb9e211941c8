import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hrefFor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDesign } from '../api/get-design';
import { useEditorStore } from '../store/editor-store';

/** The navigation state of the "New design" command (spec §4): the page resets the editor. */
export const NEW_DESIGN_STATE = { newDesign: true } as const;

const isNewDesignState = (state: unknown) =>
  typeof state === 'object' && state !== null && 'newDesign' in state && state.newDesign === true;

/** A route id names a design only as a positive whole number (spec §2: a numeric id). */
function designIdOf(routeId: string | undefined): number | null | undefined {
  if (routeId === undefined) return undefined;
  return /^[1-9]\d{0,15}$/.test(routeId) ? Number(routeId) : null;
}

/**
 * The design flow's entry rules (spec §2). With an id, the design is fetched and opened on the
 * next step, unless the editor holds it already (it came back from another page, or was just
 * saved). Without an id and with no base image, the action state is reset and the flow goes back
 * a step. True while the design named by the route is still on its way.
 */
export function useDesignEntry(routeId: string | undefined): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const startsNew = routeId === undefined && isNewDesignState(location.state);
  const id = designIdOf(routeId);
  const heldId = useEditorStore((state) => state.draft.id);
  const hasBaseImage = useEditorStore((state) => state.draft.base !== null);
  const toFetch = typeof id === 'number' && id !== heldId ? id : undefined;
  const design = useDesign(toFetch);

  // Spec §4 New design: the route no longer names a design, so the editor can start over; the
  // state is dropped so that coming back to this entry later keeps what is there then.
  useEffect(() => {
    if (!startsNew) return;
    useEditorStore.getState().reset();
    void navigate(location.pathname, { replace: true, state: null });
  }, [startsNew, location.pathname, navigate]);

  useEffect(() => {
    if (design.data && design.data.id === toFetch) {
      useEditorStore.getState().loadDesign(design.data);
    }
  }, [design.data, toFetch]);

  useEffect(() => {
    if (id !== undefined || hasBaseImage) return;
    const editor = useEditorStore.getState();
    editor.resetDefaults();
    editor.previousStep();
  }, [id, hasBaseImage]);

  const failed =
    id === null ||
    // A lost session has its own way to login; anything else was reported and leaves this id.
    (design.error !== null && !(design.error instanceof ApiError && design.error.status === 401));
  useEffect(() => {
    if (failed) void navigate(hrefFor('design'), { replace: true });
  }, [failed, navigate]);

  return toFetch !== undefined;
}
