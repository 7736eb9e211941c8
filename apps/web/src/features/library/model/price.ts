import type { Currency } from '@roomcraft/contracts';

/**
 * A catalogue price (an integer in the currency's minor unit) as the person reads it, in the
 * product's own currency. Whole amounts drop the ".00".
 */
export function formatPrice(cents: number, currency: Currency, locale = 'en'): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
