/**
 * One description per action (spec §3, §5): what the web app, the server and the assistant need
 * to know about an action, in one place. Adding an action means adding its id to `ACTION_IDS`
 * and its descriptor here; the compiler then asks for its web tool, its server request builder
 * and its engine op.
 */
import type { z } from 'zod';
import {
  addElementsFieldsSchema,
  aiAssistantFieldsSchema,
  architecturalStyleFieldsSchema,
  changeMaterialFieldsSchema,
  floorsFieldsSchema,
  furnitureFieldsSchema,
  removeElementsFieldsSchema,
  wallPaintFieldsSchema,
} from './actions';
import type { Action, ActionId } from './design-config';

/** A tool: any action but the resting state `none`. */
export type ToolId = Exclude<ActionId, 'none'>;

/**
 * The engine op an action runs (the engine's `GenerateRequest['op']`; contracts cannot import the
 * engine, so the server checks its builders against these names).
 */
export type EngineOp =
  | 'architectural_style'
  | 'wall_paint'
  | 'floors'
  | 'add_elements'
  | 'remove_elements'
  | 'change_material'
  | 'change_furniture';

/**
 * Spec §5 "Generate enabled when": `required` — the painted mask is the tool's working surface
 * and a generate form without `masked_image` is refused; `optional` — a mask narrows the change
 * when sent (floors; the assistant; furniture takes an outline instead); `unused` — the whole
 * photo changes.
 */
export type MaskRule = 'required' | 'optional' | 'unused';

export interface ActionDescriptor {
  id: ToolId;
  /** Spec §3 Action: the words GET /api/config shows. */
  name: string;
  mobile_name: string;
  description: string;
  /** Credits per design (spec §5: the cost is credits × designs). */
  credits: number;
  /** `POST /api/actions/generate/<route>` (spec §7). */
  route: string;
  /** The engine op it runs; null for the assistant, which runs the op of the action it plans. */
  engineOp: EngineOp | null;
  mask: MaskRule;
  /** Spec §4, §9: wall paint and floors make one design whatever the slider says. */
  forcesSingleDesign: boolean;
  /** The generate form's text fields (image fields travel as file parts or stored URLs). */
  fields: z.ZodType;
}

/** The tools in the order the spec lists them (the config's order, after `none`). */
export const ACTION_DESCRIPTORS = {
  architectural_style: {
    id: 'architectural_style',
    name: 'Architectural style',
    mobile_name: 'Style',
    description: 'Restyle the whole space in a chosen style',
    credits: 2,
    route: 'architectural-style',
    engineOp: 'architectural_style',
    mask: 'unused',
    forcesSingleDesign: false,
    fields: architecturalStyleFieldsSchema,
  },
  add_elements: {
    id: 'add_elements',
    name: 'Add elements',
    mobile_name: 'Add',
    description: 'Place furniture and decor into a marked area',
    credits: 2,
    route: 'add-elements',
    engineOp: 'add_elements',
    mask: 'required',
    forcesSingleDesign: false,
    fields: addElementsFieldsSchema,
  },
  remove_elements: {
    id: 'remove_elements',
    name: 'Remove elements',
    mobile_name: 'Remove',
    description: 'Erase objects and fill in what was behind them',
    credits: 1,
    route: 'remove-elements',
    engineOp: 'remove_elements',
    mask: 'required',
    forcesSingleDesign: false,
    fields: removeElementsFieldsSchema,
  },
  furniture: {
    id: 'furniture',
    name: 'Change furniture',
    mobile_name: 'Furniture',
    description: 'Swap a detected piece for a real catalogue product',
    credits: 2,
    route: 'furniture',
    engineOp: 'change_furniture',
    mask: 'optional',
    forcesSingleDesign: false,
    fields: furnitureFieldsSchema,
  },
  floors: {
    id: 'floors',
    name: 'Floors',
    mobile_name: 'Floors',
    description: 'Lay a new floor from the library or your own sample',
    credits: 1,
    route: 'floors',
    engineOp: 'floors',
    mask: 'optional',
    forcesSingleDesign: true,
    fields: floorsFieldsSchema,
  },
  change_material: {
    id: 'change_material',
    name: 'Change material',
    mobile_name: 'Material',
    description: 'Give a surface a new colour and material',
    credits: 1,
    route: 'change-material',
    engineOp: 'change_material',
    mask: 'required',
    forcesSingleDesign: false,
    fields: changeMaterialFieldsSchema,
  },
  paints: {
    id: 'paints',
    name: 'Wall paint',
    mobile_name: 'Paint',
    description: 'Paint walls and ceilings in any colour',
    credits: 1,
    route: 'wall-paint',
    engineOp: 'wall_paint',
    mask: 'required',
    forcesSingleDesign: true,
    fields: wallPaintFieldsSchema,
  },
  ai_assistant: {
    id: 'ai_assistant',
    name: 'AI assistant',
    mobile_name: 'Assistant',
    description: 'Describe a change in your own words',
    credits: 2,
    route: 'ai-assistant',
    engineOp: null,
    // Issue 11: the assistant finds what the instruction names; a painted mask narrows it.
    mask: 'optional',
    forcesSingleDesign: false,
    fields: aiAssistantFieldsSchema,
  },
} as const satisfies { [Id in ToolId]: ActionDescriptor & { id: Id } };

type Descriptors = typeof ACTION_DESCRIPTORS;
export type ActionDescriptorOf<Id extends ToolId> = Descriptors[Id];

/** Every tool's descriptor, in the spec's order. */
export const ACTION_LIST: readonly ActionDescriptor[] = Object.values(ACTION_DESCRIPTORS);

/** The generate endpoints' last path segment (`wall-paint`, `floors`…). */
export type GenerateRoute = Descriptors[ToolId]['route'];
/** The text fields of an action's generate form, as its schema reads them. */
export type ActionFields<Id extends ToolId> = z.infer<Descriptors[Id]['fields']>;

export const isTool = (id: ActionId): id is ToolId => id !== 'none';

/** The action a generate route is, if any. */
export const actionOfRoute = (route: string): ActionDescriptor | undefined =>
  ACTION_LIST.find((action) => action.route === route);

/** Whether the painted mask is the tool's working surface (and required to generate). */
export const requiresMask = (id: ActionId): boolean =>
  isTool(id) && ACTION_DESCRIPTORS[id].mask === 'required';

/** How many designs a generation makes: wall paint and floors always one. */
export const designsOf = (id: ToolId, quantity: number): number =>
  ACTION_DESCRIPTORS[id].forcesSingleDesign ? 1 : quantity;

/** Spec §5, the one cost rule: the action's credits × the number of designs it makes. */
export const generationCost = (id: ToolId, quantity: number): number =>
  ACTION_DESCRIPTORS[id].credits * designsOf(id, quantity);

/** The resting state of the editor, listed first in GET /api/config. */
const NO_ACTION: Action = {
  id: 'none',
  name: 'None',
  description: 'No tool selected',
  credits: 0,
  mobile_name: 'None',
};

/** Spec §3 Action as GET /api/config lists them: `none`, then every tool. */
export const CONFIG_ACTIONS: readonly Action[] = [
  NO_ACTION,
  ...ACTION_LIST.map(({ id, name, description, credits, mobile_name }) => ({
    id,
    name,
    description,
    credits,
    mobile_name,
  })),
];

/** The display name of an action ("Wall paint"). */
export const actionName = (id: ActionId): string =>
  isTool(id) ? ACTION_DESCRIPTORS[id].name : NO_ACTION.name;
