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
 * The strip (spec §2, tweak step; §4: listed newest first): the work image first (index 0), then
 * every generated image, newest first across the tools. Images from before generation times were
 * kept follow, action by action in the order of the action ids, each list as kept (newest first).
 */
export function stripImages(workImage: string, generated: GeneratedImages): StripImage[] {
  const all = ACTION_IDS.flatMap((action) => generated[action] ?? []);
  const newestFirst = all
    .map((image, order) => ({ image, order }))
    .sort(
      (a, b) =>
        (b.image.created_at ?? '').localeCompare(a.image.created_at ?? '') || a.order - b.order,
    );
  return [
    { name: null, url: workImage },
    ...newestFirst.map(({ image }) => ({ name: image.name, url: image.imageUrl })),
  ];
}

/** Spec §9: the carousel's arrows scroll by 75 percent of the visible width, in 400 ms. */
export const CAROUSEL_SCROLL_SHARE = 0.75;
export const CAROUSEL_SCROLL_MS = 400;
/** Spec §9: the active item is scrolled into view this long after it changes. */
export const SCROLL_INTO_VIEW_DELAY_MS = 1500;

/** How far one arrow press scrolls the carousel (spec §2). */
export function carouselStep(visibleWidth: number, direction: -1 | 1): number {
  return Math.round(visibleWidth * CAROUSEL_SCROLL_SHARE) * direction;
}

/**
 * Where the carousel scrolls to show an item (positions relative to its content): unchanged when
 * the item is already in full view, otherwise just far enough to show it whole.
 */
export function scrollIntoViewTarget(
  view: { left: number; width: number },
  item: { left: number; width: number },
): number {
  if (item.left < view.left) return item.left;
  if (item.left + item.width > view.left + view.width) return item.left + item.width - view.width;
  return view.left;
}

/** Spec §2: clicking an image selects it; clicking it again deselects it. */
export function toggleSelection(selected: number | null, clicked: number): number | null {
  return selected === clicked ? null : clicked;
}
