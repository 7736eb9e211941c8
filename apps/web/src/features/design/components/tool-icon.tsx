import type { ToolId } from '../model/tools';
import { TOOLS } from '../tools/registry';

/** Spec §2: every tool has an icon named after its action id (its web tool holds it). */
export function ToolIcon({ action, size }: { action: ToolId; size: number }) {
  const { Icon } = TOOLS[action];
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
