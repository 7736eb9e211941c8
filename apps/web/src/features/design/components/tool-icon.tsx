import {
  IconArmchair,
  IconBuildingArch,
  IconEraser,
  IconLayoutBoardSplit,
  IconPaint,
  IconSparkles,
  IconSquarePlus,
  IconTexture,
  type Icon,
} from '@tabler/icons-react';
import type { ActionId } from '@roomcraft/contracts';

/** Spec §2: every tool has an icon named after its action id. */
const icons: Record<Exclude<ActionId, 'none'>, Icon> = {
  architectural_style: IconBuildingArch,
  add_elements: IconSquarePlus,
  remove_elements: IconEraser,
  furniture: IconArmchair,
  floors: IconLayoutBoardSplit,
  change_material: IconTexture,
  paints: IconPaint,
  ai_assistant: IconSparkles,
};

export function ToolIcon({ action, size }: { action: Exclude<ActionId, 'none'>; size: number }) {
  const Glyph = icons[action];
  return <Glyph size={size} stroke={1.6} aria-hidden />;
}
