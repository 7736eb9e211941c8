import {
  ACTION_DESCRIPTORS,
  actionName,
  generationCost,
  isTool,
  requiresMask,
  type Action,
  type ActionId,
  type DesignConfig,
  type GenerateRoute,
  type ToolId,
  type GeneratedImage,
  type GeneratedImages,
  type ImageUsed,
  type Product,
  type SurfaceName,
} from '@roomcraft/contracts';

export type { ToolId };

/**
 * Spec §4: the painted mask is the working surface of the tools whose descriptor requires one,
 * and the assistant's (§2), where it is optional (issue 11): painted, it narrows what the
 * instruction names. The editor shows its overlay for them.
 */
export const usesMask = (action: ActionId): boolean =>
  requiresMask(action) || action === 'ai_assistant';

/**
 * Whether a generation sends the overlay as its mask: only for a mask tool, and only when the
 * mask was painted with this tool (choosing a tool starts a fresh, unpainted mask), so the
 * assistant never reuses a stale mask from a previous tool.
 */
export const sendsMask = (action: ActionId, maskPainted: boolean): boolean =>
  usesMask(action) && maskPainted;

/** Whether the "Number of designs" slider applies: wall paint and floors always make one. */
export const takesQuantity = (action: ActionId): boolean =>
  isTool(action) && !ACTION_DESCRIPTORS[action].forcesSingleDesign;

/** The generate endpoint of each tool (`POST /api/actions/generate/<route>`). */
export const routeOf = (action: ToolId): GenerateRoute => ACTION_DESCRIPTORS[action].route;

/** The styles offered for the design's space type (spec §2: they may be restricted by it). */
export function stylesFor(config: DesignConfig, spaceType: string): DesignConfig['styles'] {
  return config.styles.filter(
    (style) => style.space_types.length === 0 || style.space_types.includes(spaceType),
  );
}

/** A colour for wall paint or a material: a library swatch or the person's own swatch photo. */
export type ColourChoice =
  | { kind: 'hex'; id: string; name: string; hex: string }
  | { kind: 'file'; id: string; name: string; file: File; url: string };

/** A floor template: a library texture (by its image) or the person's own upload. */
export type TextureChoice =
  | { kind: 'url'; id: string; name: string; url: string }
  | { kind: 'file'; id: string; name: string; file: File; url: string };

/** Spec §2 Wall paint: the spaces offered at first. */
export const WALL_SPACES = ['Right wall', 'Front wall', 'Left wall', 'Ceiling'] as const;
export type WallSpace = (typeof WALL_SPACES)[number];

/** The room surface each space is (the server answers its mask, what stands before it left out). */
export const WALL_SPACE_SURFACES: Readonly<Record<WallSpace, SurfaceName>> = {
  'Right wall': 'wall-right',
  'Front wall': 'wall-front',
  'Left wall': 'wall-left',
  Ceiling: 'ceiling',
};

/** The surfaces of the chosen spaces, in the order the spaces are offered. */
export const surfacesOf = (spaces: readonly WallSpace[]): SurfaceName[] =>
  WALL_SPACES.filter((space) => spaces.includes(space)).map((space) => WALL_SPACE_SURFACES[space]);

/** The inputs of the tool panels (spec §3, Tweak config), kept while the tool is open. */
export interface ToolInputs {
  /** Architectural style and Add elements: a style id. */
  style: string | null;
  designMode: string | null;
  /** Add elements: what to add; AI assistant: the instructions. */
  prompt: string;
  colour: ColourChoice | null;
  texture: TextureChoice | null;
  /** Floors: keep the rugs, or lay the new floor over them too (issue 10). */
  keepRugs: boolean;
  materialType: string | null;
  material: string | null;
  wallSpaces: WallSpace[];
  /** Wall paint's two steps. */
  paintStep: 'mask' | 'colour';
  /** Change furniture: the chosen space element (index in the design's list). */
  element: number | null;
  replacement: Product | null;
  /** The colour picked on the replacement's card. */
  replacementColour: string | null;
  /** The element whose options were asked for (spec §2: "Load options" first, then a pick). */
  optionsFor: number | null;
}

export function emptyToolInputs(designStyle: string | null = null): ToolInputs {
  return {
    style: designStyle,
    designMode: null,
    prompt: '',
    colour: null,
    texture: null,
    keepRugs: true,
    materialType: null,
    material: null,
    wallSpaces: [],
    paintStep: 'mask',
    element: null,
    replacement: null,
    replacementColour: null,
    optionsFor: null,
  };
}

/**
 * What one design of a tool costs, as the tool list shows it: the same figure whatever number of
 * designs the last tool left behind (spec §5: the total is credits × designs).
 */
export const costPerDesign = (action: Pick<Action, 'id'>): number =>
  isTool(action.id) ? generationCost(action.id, 1) : 0;

/** What a generation costs at the chosen number of designs (spec §5). */
export const costOf = (action: ToolId, designs: number): number => generationCost(action, designs);

export { actionName };

/** The running number in "<action name> <number>", or 0 for a name of another shape. */
function runningNumber(image: GeneratedImage, prefix: string): number {
  if (!image.name.startsWith(`${prefix} `)) return 0;
  const number = Number(image.name.slice(prefix.length + 1));
  return Number.isInteger(number) && number > 0 ? number : 0;
}

/**
 * Spec §4 After successful generation: the new images go first in the action's list, named with
 * the action name and a running number, newest (highest number) first.
 */
export function withGenerated(
  generated: GeneratedImages,
  action: ToolId,
  urls: readonly string[],
  /** `used[i]` is what `urls[i]` used (the generate answer's record), kept with the image. */
  used: readonly (ImageUsed | undefined)[] = [],
  now: Date = new Date(),
): GeneratedImages {
  const name = actionName(action);
  const existing = generated[action] ?? [];
  const last = existing.reduce((max, image) => Math.max(max, runningNumber(image, name)), 0);
  const fresh = urls.map((imageUrl, index) => ({
    name: `${name} ${last + urls.length - index}`,
    imageUrl,
    created_at: now.toISOString(),
    ...(used[index] ? { used: used[index] } : {}),
  }));
  return { ...generated, [action]: [...fresh, ...existing] };
}
