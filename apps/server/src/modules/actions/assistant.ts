/**
 * The AI assistant's contract with the engine's instruction interpreter
 * (packages/engine/src/assistant/interpret.ts): free text in, ONE of the engine's operations out;
 * the server then runs that operation exactly as its own endpoint would.
 */
import type { ProductCategory } from '@roomcraft/contracts';

export type AssistantPlan =
  | { action: 'paints'; hex: string }
  | { action: 'change_material'; hex: string; material?: string; materialType?: string }
  | { action: 'floors'; textureId: string }
  | { action: 'remove_elements' }
  | { action: 'add_elements'; category?: ProductCategory }
  | { action: 'architectural_style'; styleId: string };

export type AssistantInterpretation =
  { ok: true; plan: AssistantPlan; summary: string } | { ok: false; reason: string };

/** Interprets an instruction for a space type (its materials differ from an outdoor space's). */
export type InterpretInstruction = (
  text: string,
  spaceType: string | undefined,
) => AssistantInterpretation;
