import { dataOf, designSchema, type Design, type DesignFields } from '@roomcraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { DesignDraft } from '../model/design-draft';
import { newDesignFormData, savedDesignFields, savedHistory } from '../model/design-payload';
import { renameImage, type DesignHistory } from '../model/history';

export async function createDesign(form: FormData): Promise<Design> {
  const { data } = await request('POST', '/designs', dataOf(designSchema), { body: form });
  return data;
}

export async function updateDesign(id: number, fields: DesignFields): Promise<Design> {
  const { data } = await request('PUT', `/designs/${id}`, dataOf(designSchema), { body: fields });
  return data;
}

/**
 * Spec §4, Saving: a design with an id is updated, one without is created. A new design's history
 * that runs through the chosen photo follows once the photo is stored (spec §4 History).
 */
export async function saveDesign(draft: DesignDraft, history: DesignHistory): Promise<Design> {
  if (draft.id !== 0) return updateDesign(draft.id, savedDesignFields(draft, history));
  const created = await createDesign(newDesignFormData(draft, history));
  if (created.history !== null || history.past.length === 0 || draft.base === null) return created;
  const stored = savedHistory(renameImage(history, draft.base.url, created.base_image));
  return stored === undefined ? created : updateDesign(created.id, { history: stored });
}

/** Saving as a mutation (spec §4 Saving): the design flow's Save sends the draft through it. */
export function useSaveDesign() {
  return useMutation({
    mutationKey: ['save-design'],
    mutationFn: ({ draft, history }: { draft: DesignDraft; history: DesignHistory }) =>
      saveDesign(draft, history),
  });
}
