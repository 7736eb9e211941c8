import { describe, expect, it } from 'vitest';
import { matchesName, queryOf, searchOf } from './library-search';
import { formatPrice } from '@roomcraft/contracts';

describe('formatPrice', () => {
  it('shows cents as units in the product currency', () => {
    expect(formatPrice(4999, 'USD')).toBe('$49.99');
    expect(formatPrice(129900, 'EUR')).toBe('€1,299');
    expect(formatPrice(250050, 'GBP')).toBe('£2,500.50');
    expect(formatPrice(0, 'EUR')).toBe('€0');
  });

  it('follows the locale it is given', () => {
    expect(formatPrice(129950, 'EUR', 'de')).toBe('1.299,50\u00a0€');
  });
});

describe('the library search', () => {
  it('matches names case-insensitively, ignoring surrounding spaces', () => {
    expect(matchesName('Sage Green', 'sAGe')).toBe(true);
    expect(matchesName('Sage Green', '  green ')).toBe(true);
    expect(matchesName('Sage Green', 'blue')).toBe(false);
    expect(matchesName('Sage Green', '')).toBe(true);
  });

  it('sends only the filters that have a value', () => {
    expect(searchOf({})).toBe('');
    expect(searchOf({ query: ' oak ', kind: undefined, collection: '' })).toBe('?query=oak');
    expect(searchOf({ category: 'sofa', min_price: 0, max_price: 5000 })).toBe(
      '?category=sofa&min_price=0&max_price=5000',
    );
    expect(queryOf('   ')).toBeUndefined();
    expect(queryOf(' Oak ')).toBe('Oak');
  });
});
