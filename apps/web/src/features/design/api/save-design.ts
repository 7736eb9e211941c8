import { dataOf, designSchema, type Design, type DesignFields } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';
import type { DesignDraft } from '../model/design-draft';
import { newDesignFormData, savedDesignFields } from '../model/design-payload';

export async function createDesign(form: FormData): Promise<Design> {
  const { data } = await request('POST', '/designs', dataOf(designSchema), { body: form });
  return data;
}

export async function updateDesign(id: number, fields: DesignFields): Promise<Design> {
  const { data } = await request('PUT', `/designs/${id}`, dataOf(designSchema), { body: fields });
  return data;
}

/** Spec §4, Saving: a design with an id is updated, one without is created. */
export function saveDesign(draft: DesignDraft, shownImage: string | null): Promise<Design> {
  return draft.id === 0
    ? createDesign(newDesignFormData(draft, shownImage))
    : updateDesign(draft.id, savedDesignFields(draft, shownImage));
}
