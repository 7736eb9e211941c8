import {
  ACTIONS,
  actionCost,
  type Action,
  GENERATE_ROUTES,
  forcesSingleDesign,
  generationCost,
  type ActionId,
  type GenerateRoute,
  type GeneratedImage,
  type GeneratedImages,
  type ImageUsed,
  type Product,
  type SurfaceName,
} from '@roomcraft/contracts';

/** A tool: any action but the resting state. */
export type ToolId = Exclude<ActionId, 'none'>;

/** Spec §4: the mask is the working surface of these tools (and the assistant's, §2). */
const MASK_TOOLS: ReadonlySet<ActionId> = new Set([
  'add_elements',
  'remove_elements',
  'paints',
  'change_material',
  'ai_assistant',
]);

export const usesMask = (action: ActionId): boolean => MASK_TOOLS.has(action);

/** Whether the "Number of designs" slider applies: wall paint and floors always make one. */
export const takesQuantity = (action: ActionId): boolean =>
  action !== 'none' && !forcesSingleDesign(action);

/** The generate endpoint of each tool (`POST /api/actions/generate/<route>`). */
export function routeOf(action: ToolId): GenerateRoute {
  const entry = Object.entries(GENERATE_ROUTES).find(([, id]) => id === action);
  if (entry === undefined) throw new Error(`no generate route for ${action}`);
  return entry[0] as GenerateRoute;
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
  /** The loaded options and the element they are for (spec §2: loaded first, then picked). */
  replacementOptions: { element: number; products: Product[] } | null;
}

export function emptyToolInputs(designStyle: string | null = null): ToolInputs {
  return {
    style: designStyle,
    designMode: null,
    prompt: '',
    colour: null,
    texture: null,
    materialType: null,
    material: null,
    wallSpaces: [],
    paintStep: 'mask',
    element: null,
    replacement: null,
    replacementColour: null,
    replacementOptions: null,
  };
}

/** Spec §5 "Generate enabled when", one rule per tool. */
export function canGenerate(action: ActionId, inputs: ToolInputs, maskPainted: boolean): boolean {
  switch (action) {
    case 'add_elements':
      return maskPainted && inputs.style !== null;
    case 'remove_elements':
      return maskPainted;
    case 'ai_assistant':
      return maskPainted && inputs.prompt.trim() !== '';
    case 'paints':
      return maskPainted && inputs.colour !== null;
    case 'change_material':
      return (
        maskPainted &&
        inputs.colour?.kind === 'hex' &&
        (inputs.material === null) === (inputs.materialType === null)
      );
    case 'floors':
      return inputs.texture !== null;
    case 'architectural_style':
      return inputs.style !== null;
    case 'furniture':
      return inputs.element !== null && inputs.replacement !== null;
    case 'none':
      return false;
  }
}

/**
 * What one design of a tool costs, as the tool list shows it: the same figure whatever number of
 * designs the last tool left behind (spec §5: the total is credits × designs).
 */
export const costPerDesign = (action: Pick<Action, 'id' | 'credits'>): number =>
  actionCost(action, 1);

/** What a generation costs at the chosen number of designs (spec §5). */
export const costOf = (action: ToolId, designs: number): number => generationCost(action, designs);

/**
 * The Generate button's words (spec §2): "Generate", or "Regenerate" once the tool has generated,
 * followed by the credit cost ("1 credit" / "{count} credits").
 */
export function generateLabel(
  hasGenerated: boolean,
  cost: number,
  creditsLabel: (count: number) => string,
): string {
  return `${hasGenerated ? 'Regenerate' : 'Generate'} · ${creditsLabel(cost)}`;
}

export const actionName = (action: ActionId): string =>
  ACTIONS.find(({ id }) => id === action)?.name ?? action;

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
