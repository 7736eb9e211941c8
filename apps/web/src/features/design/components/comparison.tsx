import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './tweak-design.module.css';

/**
 * Spec §2: this slider's limits are 0 to 100 (§5's default of 10 to 90 is for splitters that do
 * not name their own), so its starting point near 2 percent is within them.
 */
export const SPLIT_LIMITS = { min: 0, max: 100 } as const;

/** Spec §2: 50 percent with the work image selected, near 2 percent otherwise. */
export function initialSplit(workImageSelected: boolean): number {
  return workImageSelected ? 50 : 2;
}

export const clampSplit = (value: number) =>
  Math.min(Math.max(value, SPLIT_LIMITS.min), SPLIT_LIMITS.max);

interface ComparisonProps {
  /** Shown on the left of the splitter. */
  before: string;
  workImageSelected: boolean;
}

/**
 * The desktop before/after slider (spec §2): the earlier image over the shown one, cut at the
 * splitter. The parent keys it by the pair of images, so each new pair starts where §2 says.
 */
export function Comparison({ before, workImageSelected }: ComparisonProps) {
  const { t } = useTranslation();
  const [split, setSplit] = useState(() => initialSplit(workImageSelected));

  return (
    <>
      <img
        className={classes.before}
        src={before}
        alt=""
        style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
        draggable={false}
      />
      <span className={classes.splitter} style={{ left: `${split}%` }} aria-hidden />
      <span className={classes.compareLabel} data-side="before">
        {t('tweak.before')}
      </span>
      <span className={classes.compareLabel} data-side="after">
        {t('tweak.after')}
      </span>
      <input
        className={classes.splitInput}
        type="range"
        min={0}
        max={100}
        step={0.5}
        value={split}
        aria-label={t('tweak.compare')}
        onChange={(event) => setSplit(clampSplit(Number(event.currentTarget.value)))}
      />
    </>
  );
}
