import type { LedgerEntry } from '@roomcraft/contracts';
import { describe, expect, it } from 'vitest';
import { describeLedgerEntry, formatCreditChange, pricePerCredit } from './ledger-words';

const entry = (overrides: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  at: '2026-11-23T12:00:00.000Z',
  reason: 'adjustment',
  delta: 0,
  balance_after: 0,
  action: null,
  designs: null,
  ...overrides,
});

describe('describeLedgerEntry', () => {
  it('says what each kind of entry was, in words', () => {
    expect(describeLedgerEntry(entry({ reason: 'signup_bonus', delta: 10 }))).toBe('Signup bonus');
    expect(describeLedgerEntry(entry({ reason: 'purchase', delta: 200 }))).toBe(
      'Purchase of 200 credits',
    );
    expect(
      describeLedgerEntry(entry({ reason: 'generation', delta: -1, action: 'paints', designs: 1 })),
    ).toBe('Wall paint, 1 design');
    expect(
      describeLedgerEntry(
        entry({ reason: 'generation', delta: -6, action: 'architectural_style', designs: 3 }),
      ),
    ).toBe('Architectural style, 3 designs');
    expect(
      describeLedgerEntry(entry({ reason: 'refund', delta: 2, action: 'floors', designs: 1 })),
    ).toBe('Refund: Floors, 1 design (the generation failed)');
    expect(describeLedgerEntry(entry({ reason: 'purchase_refund', delta: -1 }))).toBe(
      'Payment refunded: 1 credit taken back',
    );
    expect(describeLedgerEntry(entry({ reason: 'generation', delta: -2 }))).toBe(
      'Design generation',
    );
  });
});

describe('formatCreditChange and pricePerCredit', () => {
  it('signs changes and prices one credit', () => {
    expect(formatCreditChange(200)).toBe('+200');
    expect(formatCreditChange(-3)).toBe('−3');
    expect(pricePerCredit(1500, 200, 'EUR')).toBe('€0.08');
  });
});
