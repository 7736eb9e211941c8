import { describe, expect, it } from 'vitest';
import { clampSplit, initialSplit } from './comparison';

describe('the comparison slider (spec §2)', () => {
  it('starts at 50 percent on the work image and near 2 percent on a result', () => {
    expect(initialSplit(true)).toBe(50);
    expect(initialSplit(false)).toBe(2);
  });

  it('keeps within 0 to 100, so a start near 2 percent stays where it is', () => {
    expect(clampSplit(2)).toBe(2);
    expect(clampSplit(-5)).toBe(0);
    expect(clampSplit(120)).toBe(100);
  });
});
