import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../clock';
import type { PaymentProvider } from './payment-provider';
import { createStripePayments, type StripePayments } from './stripe-payments';
import { createTestPayments, type TestPayments } from './test-payments';

/**
 * The provider new checkouts go to (PAYMENT_PROVIDER), plus Stripe whenever it is configured so
 * that its webhooks and return pages keep working for checkouts started before a switch.
 */
export function createPaymentProviders(
  config: AppConfig,
  db: Database,
  clock: Clock,
): { provider: PaymentProvider; stripe?: StripePayments; testPayments?: TestPayments } {
  const stripe = config.payments.stripe ? createStripePayments(config.payments.stripe) : undefined;
  if (config.payments.provider === 'stripe' && stripe) return { provider: stripe, stripe };
  const testPayments = createTestPayments({ db, clock, appUrl: config.appUrl });
  return { provider: testPayments, testPayments, ...(stripe ? { stripe } : {}) };
}
