import type { ComponentType } from 'react';
import type { Icon } from '@tabler/icons-react';
import type { DesignConfig } from '@roomcraft/contracts';
import type { GenerateSource } from '../model/generate-form';
import type { ToolInputs } from '../model/tools';

export interface ToolPanelProps {
  config: DesignConfig;
}

/**
 * One tool of the editor (spec §2), everything the web knows about it in one object: its icon,
 * its panel, when Generate is enabled (spec §5) and its own fields of the generate request. What
 * the server knows of the action (route, cost, mask and quantity rules) is its contracts
 * descriptor.
 */
export interface WebTool {
  /** Spec §2: every tool has an icon named after its action id. */
  Icon: Icon;
  /** The tool's inputs in its sidebar panel (the Generate button follows it). */
  Panel: ComponentType<ToolPanelProps>;
  /** Spec §5 "Generate enabled when". */
  canGenerate: (inputs: ToolInputs, maskPainted: boolean) => boolean;
  /** Appends the tool's own fields to the generate request (packages/contracts actions.ts). */
  toForm: (form: FormData, source: GenerateSource) => void;
  /**
   * The least a request of this tool can cost, for a tool whose cost the web cannot know before
   * sending (the assistant: the server charges the action it plans from the words). The button
   * shows the most it can cost; the web asks to buy more only below this, and the server decides
   * (spec §5 Credits). Absent: the action's own cost.
   */
  leastCost?: (designs: number) => number;
}
