import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CheckoutFacts,
  type NewCheckout,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin than Stripe's (a local fake in tests). */
  apiUrl?: string | undefined;
}

export interface StripePayments extends PaymentProvider {
  /** The Checkout Session that took a payment (a PaymentIntent id), if any. */
  checkoutOfPayment(paymentReference: string): Promise<CheckoutFacts | undefined>;
  /** Verifies the signature over the raw body and reads the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

function apiLocation(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const idOf = (value: string | { id: string } | null) =>
  value === null ? null : typeof value === 'string' ? value : value.id;

function factsOf(session: Stripe.Checkout.Session): CheckoutFacts {
  return {
    sessionId: session.id,
    status:
      session.payment_status === 'paid'
        ? 'paid'
        : session.status === 'expired'
          ? 'cancelled'
          : 'open',
    amount: session.amount_total,
    currency: session.currency?.toUpperCase() ?? null,
    paymentReference: idOf(session.payment_intent),
  };
}

/** Stripe Checkout through the official SDK. */
export function createStripePayments(options: StripeOptions): StripePayments {
  const stripe = new Stripe(options.secretKey, {
    ...apiLocation(options.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    name: 'stripe',
    async createCheckout(checkout: NewCheckout) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: checkout.currency.toLowerCase(),
              unit_amount: checkout.price,
              product_data: { name: checkout.description },
            },
          },
        ],
        customer_email: checkout.customerEmail,
        metadata: checkout.metadata,
        success_url: checkout.successUrl,
        cancel_url: checkout.cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no url`);
      return { sessionId: session.id, url: session.url };
    },
    async retrieveCheckout(sessionId: string) {
      try {
        return factsOf(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return undefined;
        throw error;
      }
    },
    async checkoutOfPayment(paymentReference: string) {
      const found = await stripe.checkout.sessions.list({
        payment_intent: paymentReference,
        limit: 1,
      });
      const session = found.data[0];
      return session ? factsOf(session) : undefined;
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return { kind: 'checkout_completed', facts: factsOf(event.data.object) };
        case 'checkout.session.expired':
          return { kind: 'checkout_expired', sessionId: event.data.object.id };
        case 'charge.refunded': {
          const charge = event.data.object;
          const paymentReference = idOf(charge.payment_intent);
          if (paymentReference === null) return { kind: 'ignored', type: event.type };
          return {
            kind: 'payment_refunded',
            paymentReference,
            amountRefunded: charge.amount_refunded,
            currency: charge.currency.toUpperCase(),
          };
        }
        default:
          return { kind: 'ignored', type: event.type };
      }
    },
  };
}
