import { CREDITS_DISPLAY_CAP } from '@roomcraft/contracts';
import { i18n } from '@/lib/i18n';

/** Spec §9: "1 credit" or "{count} credits". */
export function creditsLabel(count: number): string {
  return i18n.t('credits.count', { count });
}

/** The toolbar's number-only form on small screens: "999+" above 999 (spec §9). */
export function compactCreditsLabel(count: number): string {
  return count > CREDITS_DISPLAY_CAP
    ? i18n.t('credits.overCap', { cap: CREDITS_DISPLAY_CAP })
    : String(count);
}
