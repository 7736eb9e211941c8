export { defaultAssistantContext } from './context';
export { describeHex } from './colour-words';
export {
  interpretInstruction,
  type AssistantContext,
  type AssistantInterpretation,
  type AssistantPlan,
} from './interpret';
