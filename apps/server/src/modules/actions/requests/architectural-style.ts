import {
  findDesignMode,
  findStyle,
  type ArchitecturalStyle,
  type DesignMode,
} from '@roomcraft/contracts';
import { withDeadline } from '../engine-deadline';
import { restylePlans } from '../restyle-plan';
import { balancedMode, libraryTexture, requestBase, styleTarget } from './request-context';
import type { BuiltRequest, FormRequest, RequestContext, RequestOf } from './request-context';

/** Restyle the whole photo: a style and how far to move from the photo (0–1). */
export function architecturalStyleRequest(
  choice: { style: ArchitecturalStyle; strength: number },
  context: RequestContext,
): BuiltRequest<RequestOf<'architectural_style'>> {
  return {
    request: {
      op: 'architectural_style',
      ...requestBase(context),
      style: styleTarget(choice.style),
      strength: choice.strength,
    },
  };
}

/**
 * A restyle as a redesign (decision 025), for the Architectural style tool and the assistant's
 * whole-room instructions alike (issue 11: same result, same cost): the mode's strength (balanced
 * when none is chosen) and the redesign each variant carries out (restyle-plan.ts), as deep as
 * the mode asks (no mode: the full redesign), within the room's budget; what does not fit is said
 * in the answer's notices. Without the engine's detection or the catalogue it is the grade alone.
 */
export async function styleRedesignRequest(
  choice: {
    style: ArchitecturalStyle;
    mode: Pick<DesignMode, 'id' | 'strength'> | undefined;
    /** The room's budget, whole units of the catalogue currency (none: no limit). */
    budgetMax: number | null | undefined;
  },
  context: RequestContext,
): Promise<BuiltRequest<RequestOf<'architectural_style'>>> {
  const { style, mode } = choice;
  const strength = (mode ?? balancedMode()).strength;
  const built = architecturalStyleRequest({ style, strength }, context);
  const { engine, library, timeoutMs } = context.deps;
  if (!engine || !library) return built;
  const { plans, notices } = await restylePlans(
    {
      detect: (image) =>
        withDeadline(timeoutMs ?? 30_000, (signal) => engine.detectElements(image, signal)),
      library,
      placement: (id, colour) => context.deps.products.byId(id, colour),
      texture: (id) => libraryTexture(context.deps, id),
    },
    {
      image: context.form.state,
      styleId: style.id,
      modeId: mode?.id,
      quantity: context.quantity,
      budgetMax: choice.budgetMax,
    },
  );
  return {
    ...built,
    request: { ...built.request, ...(plans.length > 0 ? { plans } : {}) },
    ...(notices.length > 0 ? { notices } : {}),
  };
}

/** The style by name and the chosen design mode, restyled as a redesign. */
export const architecturalStyleFromForm: FormRequest<'architectural_style'> = async (
  fields,
  context,
) => {
  const style = findStyle(fields.design_style);
  if (!style) return undefined;
  const mode = fields.design_mode ? findDesignMode(fields.design_mode) : undefined;
  return styleRedesignRequest({ style, mode, budgetMax: fields.budget_max }, context);
};
