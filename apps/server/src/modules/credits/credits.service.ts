import {
  LEDGER_PAGE_SIZE,
  PRODUCT_NAME,
  messages,
  type ActionId,
  type CheckoutSession,
  type CheckoutStatusAnswer,
  type CreditPackage,
  type LedgerPage,
  type PaymentProviderName,
  type TestCheckout,
} from '@roomcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/database';
import type { CreditPurchaseRow, CreditReason, UserRow } from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../http/errors';
import { iso, type Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import {
  CHECKOUT_SESSION_PLACEHOLDER,
  type CheckoutFacts,
  type PaymentProvider,
} from '../../platform/payments/payment-provider';
import type { StripePayments } from '../../platform/payments/stripe-payments';
import type { TestPayments } from '../../platform/payments/test-payments';
import { findUserById } from '../users/users.repository';
import { applyBalanceChange, insertLedgerEntry, ledgerPage } from './credit-ledger.repository';
import {
  findPurchase,
  findPurchaseByPayment,
  findUsersPurchase,
  insertPurchase,
  lockedBalance,
  lockedPurchase,
  markPurchaseCancelled,
  markPurchasePaid,
  recordRefund,
} from './credit-purchases.repository';
import { receiptMail } from './credits.mails';

export const notEnoughCredits = () => new HttpError(402, messages.notEnoughCredits);

/**
 * Changes a user's credits through the ledger (ARCHITECTURE §5). Must run inside the caller's
 * transaction: the balance update and its ledger row stand or fall together.
 */
export async function changeCredits(
  trx: Executor,
  change: {
    userId: number;
    delta: number;
    reason: CreditReason;
    reference: string | null;
    /** A generation's action and number of designs, for the history's words. */
    action?: ActionId | null;
    designs?: number | null;
    /** Why, in words, when the reason alone does not say. */
    note?: string;
    at: Date;
  },
) {
  const balanceAfter = await applyBalanceChange(trx, change.userId, change.delta);
  if (balanceAfter === undefined) throw notEnoughCredits();
  await insertLedgerEntry(trx, {
    userId: change.userId,
    delta: change.delta,
    balanceAfter,
    reason: change.reason,
    reference: change.reference,
    action: change.action ?? null,
    designs: change.designs ?? null,
    note: change.note,
    at: change.at.toISOString(),
  });
  return balanceAfter;
}

export interface CreditsServiceDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  packages: readonly CreditPackage[];
  /** The provider new checkouts go to. */
  provider: PaymentProvider;
  /** Set when Stripe is configured: its webhooks and sessions. */
  stripe?: StripePayments | undefined;
  /** Set when the test-mode provider is in use: its checkout page. */
  testPayments?: TestPayments | undefined;
}

const purchaseReference = (provider: PaymentProviderName, sessionId: string) =>
  `${provider}:${sessionId}`;

const unknownPackage = () => validationFailed({ package_id: ['Unknown credit package'] });

/**
 * Buying credits (docs/decisions/015-buying-credits.md): packages, checkouts at the configured
 * provider, the once-only grant from whichever confirmation comes first (webhook, return page,
 * test checkout), refunds issued at the provider, the receipt, and the readable ledger.
 */
export class CreditsService {
  constructor(private readonly deps: CreditsServiceDeps) {}

  get packages() {
    return this.deps.packages;
  }

  /** Where new checkouts go. */
  get providerName() {
    return this.deps.provider.name;
  }

  async startCheckout(user: UserRow, packageId: string): Promise<CheckoutSession> {
    const chosen = this.deps.packages.find((item) => item.id === packageId);
    if (!chosen) throw unknownPackage();
    const { provider, appUrl, db, clock } = this.deps;
    const checkout = await provider.createCheckout({
      description: `${chosen.credits} ${PRODUCT_NAME} credits`,
      price: chosen.price,
      currency: chosen.currency,
      customerEmail: user.email,
      metadata: {
        user_id: String(user.id),
        package_id: chosen.id,
        credits: String(chosen.credits),
      },
      successUrl: `${appUrl}/credits/${CHECKOUT_SESSION_PLACEHOLDER}`,
      cancelUrl: `${appUrl}/credits?checkout=cancelled`,
    });
    await insertPurchase(db, {
      provider: provider.name,
      session_id: checkout.sessionId,
      user_id: user.id,
      package_id: chosen.id,
      credits: chosen.credits,
      price: chosen.price,
      currency: chosen.currency,
      status: 'pending',
      payment_reference: null,
      created_at: iso(clock.now()),
      paid_at: null,
    });
    return { id: checkout.sessionId, url: checkout.url };
  }

  /**
   * The return page's view of a checkout, to its owner only (404 otherwise). A checkout not yet
   * settled is asked of its provider, and granted here if the provider says it is paid.
   */
  async checkoutStatus(userId: number, sessionId: string): Promise<CheckoutStatusAnswer> {
    let purchase = await findUsersPurchase(this.deps.db, userId, sessionId);
    if (!purchase) throw notFound();
    if (purchase.status === 'pending') {
      const facts = await this.providerNamed(purchase.provider)?.retrieveCheckout(sessionId);
      if (facts) await this.settle(purchase.provider, facts);
      purchase = (await findUsersPurchase(this.deps.db, userId, sessionId)) ?? purchase;
    }
    return {
      id: purchase.session_id,
      provider: purchase.provider,
      status:
        purchase.status === 'paid' && purchase.amount_refunded > 0 ? 'refunded' : purchase.status,
      package_id: purchase.package_id,
      credits: purchase.credits,
      price: purchase.price,
      currency: purchase.currency,
      available_credits: await creditBalance(this.deps.db, userId),
    };
  }

  /** A page of the user's history, newest first. */
  async ledger(userId: number, page: number): Promise<LedgerPage> {
    const { rows, total } = await ledgerPage(this.deps.db, userId, page, LEDGER_PAGE_SIZE);
    return {
      data: rows.map((row) => ({
        id: row.id,
        at: row.created_at,
        reason: row.reason,
        delta: row.delta,
        balance_after: row.balance_after,
        action: row.action,
        designs: row.designs,
      })),
      meta: {
        page,
        per_page: LEDGER_PAGE_SIZE,
        total,
        last_page: Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE)),
      },
    };
  }

  // ------------------------------------------------------------------ the test-mode provider

  async testCheckout(userId: number, sessionId: string): Promise<TestCheckout> {
    const session = await this.ownTestCheckout(userId, sessionId);
    return {
      id: session.id,
      credits: session.credits,
      price: session.price,
      currency: session.currency,
      status: session.status,
      success_url: session.success_url,
      cancel_url: session.cancel_url,
    };
  }

  /** Pay or Cancel on the test checkout page; the grant is the same as for a real provider. */
  async settleTestCheckout(userId: number, sessionId: string, outcome: 'paid' | 'cancelled') {
    const testPayments = await this.ownTestCheckout(userId, sessionId).then(
      () => this.deps.testPayments,
    );
    await testPayments?.settle(sessionId, outcome);
    const facts = await testPayments?.retrieveCheckout(sessionId);
    if (facts) await this.settle('test', facts);
    return this.testCheckout(userId, sessionId);
  }

  private async ownTestCheckout(userId: number, sessionId: string) {
    const { testPayments, db } = this.deps;
    const purchase = testPayments ? await findUsersPurchase(db, userId, sessionId) : undefined;
    const session = purchase?.provider === 'test' ? await testPayments?.find(sessionId) : undefined;
    if (!session) throw notFound();
    return session;
  }

  // ------------------------------------------------------------------ Stripe's webhooks

  /** A verified Stripe event; throws WebhookSignatureError when the signature does not hold. */
  async handleStripeWebhook(rawBody: Buffer, signature: string | undefined) {
    const { stripe, log } = this.deps;
    if (!stripe) throw notFound();
    const event = stripe.parseWebhook(rawBody, signature);
    switch (event.kind) {
      case 'checkout_completed':
        await this.settle('stripe', event.facts);
        return;
      case 'checkout_expired':
        await this.settle('stripe', {
          sessionId: event.sessionId,
          status: 'cancelled',
          amount: null,
          currency: null,
          paymentReference: null,
        });
        return;
      case 'payment_refunded':
        await this.takeBackRefunded('stripe', event);
        return;
      case 'ignored':
        log.debug({ type: event.type }, 'stripe event ignored');
    }
  }

  // ------------------------------------------------------------------ granting, once

  /** Applies what a provider says about a checkout: paid grants (once), cancelled records. */
  private async settle(providerName: PaymentProviderName, facts: CheckoutFacts) {
    const { db, log } = this.deps;
    const purchase = await findPurchase(db, providerName, facts.sessionId);
    if (!purchase) {
      log.warn({ provider: providerName, sessionId: facts.sessionId }, 'checkout of no purchase');
      return;
    }
    if (facts.status === 'cancelled') {
      await markPurchaseCancelled(db, purchase.id);
      return;
    }
    if (facts.status !== 'paid') return;
    if (facts.amount !== purchase.price || facts.currency !== purchase.currency) {
      log.error(
        {
          provider: providerName,
          sessionId: facts.sessionId,
          paid: { amount: facts.amount, currency: facts.currency },
          expected: { amount: purchase.price, currency: purchase.currency },
        },
        'PAYMENT DOES NOT MATCH ITS PACKAGE; no credits granted',
      );
      return;
    }
    const granted = await this.grant(purchase, facts.paymentReference);
    if (granted) await this.sendReceipt(granted.purchase, granted.balance);
  }

  /**
   * Marks the purchase paid and adds its credits in one transaction. The conditional update lets
   * exactly one of any number of concurrent confirmations through; the ledger's unique
   * (user, reason, reference) would refuse a second grant even so.
   */
  private async grant(purchase: CreditPurchaseRow, paymentReference: string | null) {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const paid = await markPurchasePaid(trx, purchase.id, paymentReference, iso(now));
      if (!paid) return undefined;
      if (paid.user_id === null) {
        log.warn({ sessionId: paid.session_id }, 'payment for a deleted account recorded');
        return undefined;
      }
      const balance = await changeCredits(trx, {
        userId: paid.user_id,
        delta: paid.credits,
        reason: 'purchase',
        reference: purchaseReference(paid.provider, paid.session_id),
        at: now,
      });
      return { purchase: paid, balance };
    });
  }

  private async sendReceipt(purchase: CreditPurchaseRow, balance: number) {
    const { db, mailer, log, appUrl, clock } = this.deps;
    const user = purchase.user_id === null ? undefined : await findUserById(db, purchase.user_id);
    if (!user) return;
    try {
      await mailer.send(
        receiptMail({
          to: user.email,
          firstName: user.first_name,
          credits: purchase.credits,
          price: purchase.price,
          currency: purchase.currency,
          sessionId: purchase.session_id,
          paidAt: purchase.paid_at ? new Date(purchase.paid_at) : clock.now(),
          testMode: purchase.provider === 'test',
          balance,
          creditsUrl: `${appUrl}/credits`,
        }),
      );
    } catch (error) {
      // The credits are granted; a lost receipt must not undo or repeat that.
      log.error({ err: error, sessionId: purchase.session_id }, 'receipt mail failed');
    }
  }

  /**
   * A refund issued at the provider takes back the refunded share of the credits, as far as the
   * balance allows (what was spent stays spent), and records it. The provider reports the total
   * refunded so far, so a replayed or late event finds nothing new to take.
   */
  private async takeBackRefunded(
    providerName: PaymentProviderName,
    refund: { paymentReference: string; amountRefunded: number; currency: string },
  ) {
    const { db, log, clock, stripe } = this.deps;
    let known = await findPurchaseByPayment(db, providerName, refund.paymentReference);
    if (!known && providerName === 'stripe' && stripe) {
      // The refund came before any confirmation stored the payment: confirm it first (its grant
      // is the same once-only one), so that the refund has credits to take back.
      const facts = await stripe.checkoutOfPayment(refund.paymentReference);
      if (facts) await this.settle('stripe', facts);
      known = await findPurchaseByPayment(db, providerName, refund.paymentReference);
    }
    if (!known) {
      log.warn({ paymentReference: refund.paymentReference }, 'refund of no known purchase');
      return;
    }
    if (refund.currency !== known.currency) {
      log.error({ paymentReference: refund.paymentReference }, 'refund in another currency');
      return;
    }
    await db.transaction().execute(async (trx) => {
      const purchase = await lockedPurchase(trx, known.id);
      const total = Math.min(refund.amountRefunded, purchase.price);
      if (total <= purchase.amount_refunded) return;
      const creditsFor = (amount: number) =>
        Math.floor((purchase.credits * amount) / purchase.price);
      const owed = creditsFor(total) - creditsFor(purchase.amount_refunded);
      const balance =
        purchase.user_id === null ? undefined : await lockedBalance(trx, purchase.user_id);
      const taken = Math.min(owed, balance ?? 0);
      if (purchase.user_id !== null && taken > 0) {
        await changeCredits(trx, {
          userId: purchase.user_id,
          delta: -taken,
          reason: 'purchase_refund',
          reference: `${purchaseReference(providerName, purchase.session_id)}:${total}`,
          at: clock.now(),
        });
      }
      await recordRefund(trx, purchase.id, total, taken);
      log.info(
        { sessionId: purchase.session_id, refunded: total, owed, taken },
        'refund recorded; credits taken back',
      );
    });
  }

  private providerNamed(name: PaymentProviderName): PaymentProvider | undefined {
    return name === 'stripe' ? this.deps.stripe : this.deps.testPayments;
  }
}

/** The balance as stored on the user. */
async function creditBalance(db: Database, userId: number) {
  const user = await findUserById(db, userId);
  return user?.available_credits ?? 0;
}
