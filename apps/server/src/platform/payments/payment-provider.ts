import type { PaymentProviderName } from '@roomcraft/contracts';

/** A checkout as the provider reports it; money in minor units, currency upper case. */
export interface CheckoutFacts {
  sessionId: string;
  status: 'open' | 'paid' | 'cancelled';
  amount: number | null;
  currency: string | null;
  /** The provider's payment, which its refunds name (Stripe: the PaymentIntent id). */
  paymentReference: string | null;
}

export interface NewCheckout {
  /** What the person buys, as shown by the provider. */
  description: string;
  price: number;
  currency: string;
  customerEmail: string;
  /** Ours, echoed back by the provider for the operator's records. */
  metadata: Record<string, string>;
  /** May contain `{CHECKOUT_SESSION_ID}`, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * One interface for every way of taking money (docs/decisions/015-buying-credits.md): a checkout
 * is created at the provider, the browser goes to its url, and the outcome is read back from the
 * provider. Nothing here grants credits; the credits module does, once per session.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(checkout: NewCheckout): Promise<{ sessionId: string; url: string }>;
  /** Undefined when the provider does not know the session. */
  retrieveCheckout(sessionId: string): Promise<CheckoutFacts | undefined>;
}

/** What a provider's webhook told us, once its signature was verified. */
export type PaymentEvent =
  | { kind: 'checkout_completed'; facts: CheckoutFacts }
  | { kind: 'checkout_expired'; sessionId: string }
  | {
      kind: 'payment_refunded';
      paymentReference: string;
      /** The total refunded so far on that payment, in minor units. */
      amountRefunded: number;
      currency: string;
    }
  | { kind: 'ignored'; type: string };

export class WebhookSignatureError extends Error {}

/** Stripe's template, which the test-mode provider honours as well. */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
