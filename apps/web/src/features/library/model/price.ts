import { formatMoney, type Currency } from '@roomcraft/contracts';

/** A catalogue price (an integer in the currency's minor unit) as the person reads it. */
export function formatPrice(cents: number, currency: Currency, locale = 'en'): string {
  return formatMoney(cents, currency, locale);
}
