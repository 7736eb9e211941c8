/**
 * A generate form, checked completely before a credit moves: the state image, the mask (when the
 * action's descriptor requires one), the action's own fields, then its engine request.
 */
import {
  ACTION_DESCRIPTORS,
  designsOf,
  fieldErrors,
  messages,
  spaceMessages,
  spaceSubTypeBelongs,
  type ActionFields,
  type ToolId,
} from '@roomcraft/contracts';
import type { GenerateRequest } from '@roomcraft/engine';
import type { z } from 'zod';
import type { ImagesService } from '../images/images.service';
import { ActionInputs, FieldErrors } from './action-inputs';
import { REQUEST_BUILDERS } from './request-builders';
import type { FormRequest, GenerateFiles, RequestDeps } from './requests/request-context';
import type { TexturePick } from './used-record';

/** A checked generation, ready to be paid for and run. */
export interface Job {
  /** The action whose credits are charged (for the assistant, the action it plans and runs). */
  chargedAction: ToolId;
  quantity: number;
  request: GenerateRequest;
  /** The library texture a floors or material request carries, for the `used` record. */
  texture?: TexturePick | undefined;
  /** What the answer tells the user the generation could not do (a restyle over budget). */
  notices?: string[] | undefined;
}

export type JobDeps = RequestDeps & { images: ImagesService };

/** Reads and checks the form of `actionId`; a 4xx with every problem found, or the job. */
export async function prepareJob(
  deps: JobDeps,
  userId: number,
  actionId: ToolId,
  rawFields: Record<string, unknown>,
  files: GenerateFiles,
): Promise<Job> {
  const action = ACTION_DESCRIPTORS[actionId];
  const errors = new FieldErrors();
  const inputs = new ActionInputs(deps, userId, errors);
  const stateUrl = typeof rawFields.state_image === 'string' ? rawFields.state_image : undefined;
  const state = await inputs.image('state_image', files.state_image, stateUrl);
  let mask: Buffer | undefined;
  if (state && files.masked_image) {
    mask = await inputs.mask('masked_image', files.masked_image, state);
  } else if (action.mask === 'required' && !files.masked_image) {
    errors.add('masked_image', messages.maskEmpty);
  }
  const fields = parseFields(action.fields, rawFields, errors);
  // Without a state image the other fields' problems are still reported, all at once.
  if (!state || fields === undefined) throw errors.failure();
  const build = REQUEST_BUILDERS[actionId] as FormRequest<ToolId>;
  const built = await build(fields as ActionFields<ToolId>, {
    form: { state, mask, files, inputs, errors },
    deps,
    quantity: designsOf(actionId, (fields as ActionFields<ToolId>).quantity),
  });
  if (!errors.empty || !built) throw errors.failure();
  return {
    chargedAction: built.chargedAction ?? actionId,
    quantity: built.request.quantity,
    request: built.request,
    texture: built.texture,
    notices: built.notices,
  };
}

/** The fields as the schema reads them, or undefined with every problem added to `errors`. */
function parseFields(schema: z.ZodType, raw: unknown, errors: FieldErrors): unknown {
  const parsed = schema.safeParse(raw);
  if (parsed.success) {
    const { space_type: type, space_sub_type: subType } = parsed.data as {
      space_type?: string;
      space_sub_type?: string;
    };
    if (!type || !subType || spaceSubTypeBelongs(type, subType)) return parsed.data;
    errors.add('space_sub_type', spaceMessages.subTypeOfAnotherType);
    return undefined;
  }
  for (const [field, list] of Object.entries(fieldErrors(parsed.error.issues))) {
    for (const message of list) errors.add(field, message);
  }
  return undefined;
}
