export { defaultAssistantContext } from './context';
export { describeHex } from './colour-words';
export {
  interpretInstruction,
  type AssistantContext,
  type AssistantInterpretation,
  type AssistantPlan,
  type AssistantTarget,
} from './interpret';
export { locateTarget, type LocateOptions, type Located, type TargetScene } from './locate';
