import {
  DESIGN_MODES,
  designsOf,
  findStyle,
  messages,
  redesignDepth,
  type ActionFields,
  type RedesignDepth,
} from '@roomcraft/contracts';
import { NEEDS_PLACE_MESSAGE, type AssistantPlan } from '@roomcraft/engine';
import { engineBusy, freeEngineCallError, HttpError } from '../../../http/errors';
import { withDeadline } from '../engine-deadline';
import { DEFAULT_ADD_CATEGORIES } from '../product-choice';
import { addElementsRequest } from './add-elements';
import { styleRedesignRequest } from './architectural-style';
import { locateAssistantTarget } from './assistant-target';
import { changeMaterialRequest } from './change-material';
import { floorsRequest } from './floors';
import { swapFurnitureRequest } from './furniture';
import { removeElementsRequest } from './remove-elements';
import {
  libraryTexture,
  texturePick,
  type BuiltRequest,
  type FormRequest,
  type RequestContext,
} from './request-context';
import { wallPaintRequest } from './wall-paint';

/** The assistant cannot do an instruction, or cannot find its target: nothing is charged. */
function refusal(reason: string): HttpError {
  return new HttpError(422, reason, { errors: { prompt: [reason] } });
}

/**
 * Interprets the instruction, finds where it applies in the photo (issue 11: no mask needed; a
 * mask painted with the assistant narrows it), then builds the planned action's request, charged
 * what that action costs. An instruction it cannot do, or whose target is not in the photo, is a
 * sentence for the user and costs nothing.
 */
export const aiAssistantFromForm: FormRequest<'ai_assistant'> = async (fields, context) => {
  const { form, deps } = context;
  // A mask was sent but failed its checks (its error is on the form).
  if (form.files.masked_image && !form.mask) return undefined;
  const interpretation = deps.interpret(fields.prompt, fields.space_type);
  if (!interpretation.ok) throw refusal(interpretation.reason);
  const { plan, target } = interpretation;
  // The app always wires the engine in; without it nothing can be found in the photo.
  const { engine, timeoutMs = 30_000 } = deps;
  if (!engine) throw engineBusy();
  const place = await locateAssistantTarget(
    engine,
    (work) =>
      withDeadline(timeoutMs, work).catch((error: unknown) => {
        throw freeEngineCallError(error);
      }),
    target,
    form.state,
    form.mask,
    // A swap covers the old piece's whole footprint.
    { hull: plan.action === 'furniture' },
  );
  if (!place.ok) {
    const adding = plan.action === 'add_elements' && target.kind === 'selection';
    throw refusal(adding ? NEEDS_PLACE_MESSAGE : place.reason);
  }
  const built = await plannedRequest(plan, fields, context, place.mask);
  return built && { ...built, chargedAction: plan.action };
};

/**
 * The planned action's request, built by that action's own builder: the plan stands in for the
 * action's form, `mask` (what the assistant found, or the user's own) for its mask, and the
 * action's quantity rule applies (a planned wall paint makes one design). Floors find their own
 * floor in the room parse, so only the user's mask narrows them.
 */
export async function plannedRequest(
  plan: AssistantPlan,
  fields: ActionFields<'ai_assistant'>,
  assistant: RequestContext,
  mask: Buffer | undefined,
): Promise<BuiltRequest | undefined> {
  const context: RequestContext = {
    ...assistant,
    form: { ...assistant.form, mask: plan.action === 'floors' ? assistant.form.mask : mask },
    quantity: designsOf(plan.action, fields.quantity),
  };
  const cannot = () => {
    context.form.errors.add('prompt', messages.assistantCannot);
    return undefined;
  };
  const masked = plan.action !== 'floors' && plan.action !== 'architectural_style';
  if (masked && !context.form.mask) {
    context.form.errors.add('masked_image', messages.maskEmpty);
    return undefined;
  }
  const wish = {
    style: fields.design_style,
    spaceType: fields.space_type,
    budgetMin: fields.budget_min,
    budgetMax: fields.budget_max,
  };
  switch (plan.action) {
    case 'paints':
      return wallPaintRequest({ hex: plan.hex }, context);
    case 'change_material':
      return changeMaterialRequest({ hex: plan.hex, material: plan.material }, context);
    case 'floors': {
      const texture = await libraryTexture(context.deps, plan.textureId);
      if (!texture) return cannot();
      return floorsRequest({ texture, pick: texturePick(undefined, plan.textureId) }, context);
    }
    case 'remove_elements':
      return removeElementsRequest(context);
    case 'add_elements':
      return addElementsRequest(
        {
          field: 'prompt',
          wish: { ...wish, categories: plan.category ? [plan.category] : DEFAULT_ADD_CATEGORIES },
        },
        context,
      );
    case 'furniture':
      return swapFurnitureRequest(
        {
          field: 'prompt',
          wish: {
            ...wish,
            categories: [plan.category],
            ...(plan.material ? { material: plan.material } : {}),
          },
        },
        context,
      );
    case 'architectural_style': {
      // The same redesign as the Architectural style tool, in the design mode as deep as the
      // words ask (issue 11), within the room's budget, so it gives the same result for its cost.
      // No style named ("just change the colours"): the design's own.
      const style = findStyle(plan.styleId ?? fields.design_style ?? '');
      if (!style) throw refusal(messages.assistantWhichStyle);
      return styleRedesignRequest(
        { style, mode: modeOfDepth(plan.depth), budgetMax: fields.budget_max },
        context,
      );
    }
  }
}

/**
 * The design mode whose restyle goes as deep as `depth` (contracts MODE_DEPTH: colours only →
 * Subtle, colours and floor → Balanced). The full redesign is the tool's restyle without a mode
 * (full depth at the balanced strength), as "make it Scandinavian" has always been.
 */
export function modeOfDepth(depth: RedesignDepth): (typeof DESIGN_MODES)[number] | undefined {
  if (depth === 'full') return undefined;
  return DESIGN_MODES.find((mode) => redesignDepth(mode.id) === depth);
}
