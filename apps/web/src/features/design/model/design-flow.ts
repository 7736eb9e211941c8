import { ACTION_IDS, type ActionId, type GeneratedImages } from '@roomcraft/contracts';

/** The design flow's steps, in order (spec §2). */
export const DESIGN_STEPS = ['upload-image', 'tweak-design'] as const;
export type DesignStep = (typeof DESIGN_STEPS)[number];

/** Spec §4: the step index moves one at a time and cannot pass either end. */
export function moveStep(index: number, by: -1 | 1): number {
  return Math.min(Math.max(index + by, 0), DESIGN_STEPS.length - 1);
}

export function stepAt(index: number): DesignStep {
  return DESIGN_STEPS[index] ?? 'upload-image';
}

/** The tools' settings that "reset defaults" restores (spec §4, §9). */
export interface TweakSettings {
  action: ActionId;
  brushSize: number;
  desiredNumberOfDesigns: number;
}

export function defaultTweakSettings(): TweakSettings {
  return { action: 'none', brushSize: 5, desiredNumberOfDesigns: 2 };
}

/** One entry of the strip under the work image; the work image has no name of its own. */
export interface StripImage {
  name: string | null;
  url: string;
}

/**
 * The strip (spec §2, tweak step): the work image first (index 0), then every generated image,
 * action by action in the order of the action ids, each action's list as kept (newest first).
 */
export function stripImages(workImage: string, generated: GeneratedImages): StripImage[] {
  return [
    { name: null, url: workImage },
    ...ACTION_IDS.flatMap((action) =>
      (generated[action] ?? []).map(({ name, imageUrl }) => ({ name, url: imageUrl })),
    ),
  ];
}

/** Spec §2: clicking an image selects it; clicking it again deselects it. */
export function toggleSelection(selected: number | null, clicked: number): number | null {
  return selected === clicked ? null : clicked;
}
