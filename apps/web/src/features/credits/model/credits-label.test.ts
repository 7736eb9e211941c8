import { describe, expect, it } from 'vitest';
import { compactCreditsLabel, creditsLabel } from './credits-label';

describe('creditsLabel', () => {
  it('says "1 credit" for one', () => {
    expect(creditsLabel(1)).toBe('1 credit');
  });

  it('says "{count} credits" otherwise', () => {
    expect(creditsLabel(0)).toBe('0 credits');
    expect(creditsLabel(10)).toBe('10 credits');
    expect(creditsLabel(1500)).toBe('1500 credits');
  });
});

describe('compactCreditsLabel', () => {
  it('shows the number up to 999', () => {
    expect(compactCreditsLabel(0)).toBe('0');
    expect(compactCreditsLabel(999)).toBe('999');
  });

  it('shows "999+" above 999', () => {
    expect(compactCreditsLabel(1000)).toBe('999+');
    expect(compactCreditsLabel(123456)).toBe('999+');
  });
});
