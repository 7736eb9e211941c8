import type { ActionId } from '@roomcraft/contracts';
import { generateForm, type GenerateSource } from '../model/generate-form';
import { costOf, type ToolId, type ToolInputs } from '../model/tools';
import { addElements } from './add-elements';
import { aiAssistant } from './ai-assistant';
import { architecturalStyle } from './architectural-style';
import { changeMaterial } from './change-material';
import { floors } from './floors';
import { furniture } from './furniture';
import { removeElements } from './remove-elements';
import type { WebTool } from './tool';
import { wallPaint } from './wall-paint';

/**
 * Every tool of the editor by its action id. A Record, so an action added to contracts without
 * its web tool fails the typecheck here.
 */
export const TOOLS: Readonly<Record<ToolId, WebTool>> = {
  architectural_style: architecturalStyle,
  add_elements: addElements,
  remove_elements: removeElements,
  furniture,
  floors,
  change_material: changeMaterial,
  paints: wallPaint,
  ai_assistant: aiAssistant,
};

/** Spec §5 "Generate enabled when": the tool's own rule; never in the resting state. */
export const canGenerate = (action: ActionId, inputs: ToolInputs, maskPainted: boolean): boolean =>
  action !== 'none' && TOOLS[action].canGenerate(inputs, maskPainted);

/** The multipart body of the tool's generate request. */
export const toolRequest = (source: GenerateSource): FormData =>
  generateForm(source, TOOLS[source.action].toForm);

/**
 * Spec §5 Credits, as far as the web can check before sending: the user must hold at least what
 * the request can cost. For the assistant that is its cheapest planned action (the server charges
 * the one it plans, and answers "You do not have enough credits for this action" when short).
 */
export const leastCostOf = (action: ToolId, designs: number): number =>
  TOOLS[action].leastCost?.(designs) ?? costOf(action, designs);
