import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';
import { i18n } from '@/lib/i18n';

describe('formatCountdown', () => {
  it('says "1 sec" for one second', () => {
    expect(formatCountdown(1)).toBe('1 sec');
  });

  it('says "{time} secs" otherwise', () => {
    expect(formatCountdown(2)).toBe('2 secs');
    expect(formatCountdown(60)).toBe('60 secs');
  });

  it('fits the resend button wording', () => {
    expect(i18n.t('verifyEmail.verifyAgainIn', { time: formatCountdown(42) })).toBe(
      'Verify again in 42 secs',
    );
  });
});
