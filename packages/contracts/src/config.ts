import { z } from 'zod';
import { CONFIG_ACTIONS } from './action-descriptors';
import {
  DESIGN_MODES,
  SPACES,
  STYLES,
  designConfigSchema,
  type DesignConfig,
} from './design-config';

/** GET /api/config: the global config of spec §3, read once by the web app and cached. */
export const globalConfigSchema = z.object({
  version: z.string(),
  maxFileSize: z.number().int().positive().describe('Largest accepted upload, in MB'),
  design: designConfigSchema,
});
export type GlobalConfig = z.infer<typeof globalConfigSchema>;

export const MAX_FILE_SIZE_MB = 15;

/** The design part of GET /api/config: actions (from their descriptors), styles, modes, spaces. */
export const DESIGN_CONFIG: DesignConfig = {
  actions: [...CONFIG_ACTIONS],
  styles: [...STYLES],
  modes: [...DESIGN_MODES],
  spaces: [...SPACES],
};
