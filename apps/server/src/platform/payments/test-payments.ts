import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { iso, type Clock } from '../clock';
import {
  CHECKOUT_SESSION_PLACEHOLDER,
  type CheckoutFacts,
  type NewCheckout,
  type PaymentProvider,
} from './payment-provider';
import {
  findTestCheckout,
  insertTestCheckout,
  settleTestCheckout,
} from './test-checkout.repository';

export const TEST_SESSION_PREFIX = 'test_cs_';

export interface TestPayments extends PaymentProvider {
  /** The checkout page's view of a session. */
  find(sessionId: string): ReturnType<typeof findTestCheckout>;
  /** Pay or Cancel on the checkout page: no money moves, the session is settled. */
  settle(sessionId: string, outcome: 'paid' | 'cancelled'): Promise<void>;
}

const fill = (url: string, sessionId: string) =>
  url.replaceAll(CHECKOUT_SESSION_PLACEHOLDER, encodeURIComponent(sessionId));

/**
 * The embedded default: a provider that takes no money. Its checkout page is the app's own
 * (`/test-checkout/:sessionId`), labelled as test mode; it plays the provider's part so that the
 * rest of the purchase runs exactly as with a real one.
 */
export function createTestPayments(deps: { db: Database; clock: Clock; appUrl: string }) {
  const { db, clock } = deps;
  const provider: TestPayments = {
    name: 'test',
    async createCheckout(checkout: NewCheckout) {
      const sessionId = `${TEST_SESSION_PREFIX}${randomBytes(18).toString('base64url')}`;
      await insertTestCheckout(db, {
        id: sessionId,
        credits: Number(checkout.metadata.credits ?? 0),
        price: checkout.price,
        currency: checkout.currency,
        status: 'open',
        success_url: fill(checkout.successUrl, sessionId),
        cancel_url: fill(checkout.cancelUrl, sessionId),
        created_at: iso(clock.now()),
      });
      return { sessionId, url: `${deps.appUrl}/test-checkout/${sessionId}` };
    },
    async retrieveCheckout(sessionId: string): Promise<CheckoutFacts | undefined> {
      const session = await findTestCheckout(db, sessionId);
      if (!session) return undefined;
      return {
        sessionId,
        status: session.status,
        amount: session.price,
        currency: session.currency,
        paymentReference: session.status === 'paid' ? `test_pay_${sessionId}` : null,
      };
    },
    find: (sessionId) => findTestCheckout(db, sessionId),
    async settle(sessionId, outcome) {
      await settleTestCheckout(db, sessionId, outcome);
    },
  };
  return provider;
}
