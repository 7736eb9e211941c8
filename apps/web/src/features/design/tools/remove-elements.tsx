import { IconEraser } from '@tabler/icons-react';
import { MaskTools } from '../components/mask-tools';
import type { WebTool } from './tool';

/** Spec §2 Remove elements: the mask is all it takes. */
export const removeElements: WebTool = {
  Icon: IconEraser,
  Panel: MaskTools,
  canGenerate: (_inputs, maskPainted) => maskPainted,
  toForm: () => undefined,
};
