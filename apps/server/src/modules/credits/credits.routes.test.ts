import {
  SIGNUP_BONUS_CREDITS,
  type CheckoutStatusAnswer,
  type CreditPackage,
  type LedgerPage,
  type TestCheckout,
} from '@roomcraft/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../test-support/fake-stripe';
import { startSmtpSink } from '../../test-support/smtp-sink';
import {
  TestClient,
  aPerson,
  databaseTargets,
  registerVerified,
  startTestApp,
} from '../../test-support/test-app';
import { changeCredits } from './credits.service';

const smtp = await startSmtpSink();
const WEBHOOK_SECRET = 'whsec_test_roomcraft';
const stripeFake = await startFakeStripe(WEBHOOK_SECRET);
afterAll(async () => {
  await smtp.close();
  await stripeFake.close();
});

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let ipCounter = 0;

async function signedUp(harness: Harness) {
  const person = aPerson();
  const client = await new TestClient(harness.app, `198.51.100.${++ipCounter % 250}`).csrf();
  // The signup bonus comes with the verified email address: every test starts from it.
  const id = await registerVerified(client, smtp, person);
  return { client, person, id };
}

async function balanceOf(harness: Harness, userId: number) {
  const row = await harness.db
    .selectFrom('users')
    .select('available_credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.available_credits;
}

function ledgerOf(harness: Harness, userId: number) {
  return harness.db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

describe.each(await databaseTargets())('buying credits in test mode on $name', (target) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url });
  });
  afterAll(() => harness.close());

  it('lists the default packages in minor units with an ISO currency, one marked best value', async () => {
    const response = await new TestClient(harness.app).get('/api/credits/packages');
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json<{ data: CreditPackage[]; meta: { provider: string } }>();
    expect(meta.provider).toBe('test');
    expect(data.map((item) => item.credits)).toEqual([50, 200, 1000]);
    expect(
      data.every((item) => Number.isInteger(item.price) && /^[A-Z]{3}$/.test(item.currency)),
    ).toBe(true);
    expect(data.filter((item) => item.best_value)).toHaveLength(1);
  });

  it('pays on the test checkout page: credits granted once, shown on the return page, a receipt mailed', async () => {
    const { client, person, id } = await signedUp(harness);
    const started = await client.post('/api/credits/checkout', { package_id: 'designer' });
    expect(started.statusCode).toBe(201);
    const session = started.json<{ data: { id: string; url: string } }>().data;
    expect(session.url).toBe(`http://app.test/test-checkout/${session.id}`);

    const pending = await client.get(`/api/credits/checkout/${session.id}`);
    expect(pending.json<{ data: CheckoutStatusAnswer }>().data).toMatchObject({
      status: 'pending',
      credits: 200,
      available_credits: SIGNUP_BONUS_CREDITS,
    });
    const page = await client.get(`/api/credits/test-checkout/${session.id}`);
    expect(page.json<{ data: TestCheckout }>().data).toMatchObject({
      status: 'open',
      credits: 200,
      price: 1500,
      currency: 'EUR',
      success_url: `http://app.test/credits/${session.id}`,
    });

    const paid = await Promise.all([
      client.post(`/api/credits/test-checkout/${session.id}/pay`),
      client.post(`/api/credits/test-checkout/${session.id}/pay`),
      client.get(`/api/credits/checkout/${session.id}`),
    ]);
    expect(paid.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const outcome = await client.get(`/api/credits/checkout/${session.id}`);
    expect(outcome.json<{ data: CheckoutStatusAnswer }>().data).toMatchObject({
      status: 'paid',
      available_credits: SIGNUP_BONUS_CREDITS + 200,
    });
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS + 200);
    expect((await ledgerOf(harness, id)).filter((row) => row.reason === 'purchase')).toHaveLength(
      1,
    );

    const receipt = await smtp.mailTo(person.email, { skip: 1 });
    expect(receipt.subject).toBe('Your Roomcraft receipt: 200 credits');
    expect(receipt.text).toContain('€15.00 (test mode: no money was taken)');
    expect(receipt.text).toContain(session.id);
  });

  it('cancels on the test checkout page: nothing granted, the return page says cancelled', async () => {
    const { client, id } = await signedUp(harness);
    const { data } = (await client.post('/api/credits/checkout', { package_id: 'starter' })).json<{
      data: { id: string };
    }>();
    const cancelled = await client.post(`/api/credits/test-checkout/${data.id}/cancel`);
    expect(cancelled.json<{ data: TestCheckout }>().data.status).toBe('cancelled');
    await client.post(`/api/credits/test-checkout/${data.id}/pay`);
    const outcome = await client.get(`/api/credits/checkout/${data.id}`);
    expect(outcome.json<{ data: CheckoutStatusAnswer }>().data.status).toBe('cancelled');
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('shows a checkout to its owner only and refuses unknown packages', async () => {
    const owner = await signedUp(harness);
    const other = await signedUp(harness);
    const { data } = (
      await owner.client.post('/api/credits/checkout', { package_id: 'starter' })
    ).json<{ data: { id: string } }>();
    expect((await other.client.get(`/api/credits/checkout/${data.id}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/credits/test-checkout/${data.id}/pay`)).statusCode).toBe(
      404,
    );
    expect(await balanceOf(harness, other.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await balanceOf(harness, owner.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect((await owner.client.get('/api/credits/checkout/cs_nothing')).statusCode).toBe(404);
    const unknown = await owner.client.post('/api/credits/checkout', { package_id: 'gold' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { package_id: ['Unknown credit package'] } });
    expect((await new TestClient(harness.app).get('/api/credits/ledger')).statusCode).toBe(401);
  });

  it('pages the ledger newest first, with what each generation was for', async () => {
    const { client, id } = await signedUp(harness);
    await harness.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 22; i++) {
        await changeCredits(trx, {
          userId: id,
          delta: i % 2 === 0 ? 5 : -1,
          reason: i % 2 === 0 ? 'adjustment' : 'generation',
          reference: `r${i}`,
          action: i % 2 === 0 ? null : 'paints',
          designs: i % 2 === 0 ? null : 1,
          at: new Date(),
        });
      }
      await changeCredits(trx, {
        userId: id,
        delta: 1,
        reason: 'refund',
        reference: 'r21',
        at: new Date(),
      });
    });
    const first = (await client.get('/api/credits/ledger')).json<LedgerPage>();
    expect(first.meta).toEqual({ page: 1, per_page: 20, total: 24, last_page: 2 });
    expect(first.data[0]).toMatchObject({
      reason: 'refund',
      delta: 1,
      action: 'paints',
      designs: 1,
    });
    expect(first.data[1]).toMatchObject({ reason: 'generation', delta: -1, action: 'paints' });
    const second = (await client.get('/api/credits/ledger?page=2')).json<LedgerPage>();
    expect(second.data.map((row) => row.reason)).toEqual([
      'adjustment',
      'generation',
      'adjustment',
      'signup_bonus',
    ]);
    expect(second.data[3]).toMatchObject({ delta: SIGNUP_BONUS_CREDITS, action: null });
    expect(first.data[0]?.balance_after).toBe(await balanceOf(harness, id));
    expect((await client.get('/api/credits/ledger?page=0')).statusCode).toBe(422);
  });
});

describe.each(await databaseTargets())('buying credits through Stripe on $name', (target) => {
  let harness: Harness;
  const logLines: string[] = [];
  beforeAll(async () => {
    harness = await startTestApp(target, {
      smtpUrl: smtp.url,
      logLines,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_roomcraft',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripeFake.url,
      },
    });
  });
  afterAll(() => harness.close());

  const deliver = (event: { payload: string; signature: string }) =>
    new TestClient(harness.app).request('POST', '/api/payments/stripe/webhook', event.payload, {
      'content-type': 'application/json',
      'stripe-signature': event.signature,
    });

  async function startedCheckout(packageId = 'designer') {
    const buyer = await signedUp(harness);
    const response = await buyer.client.post('/api/credits/checkout', { package_id: packageId });
    expect(response.statusCode).toBe(201);
    const session = response.json<{ data: { id: string; url: string } }>().data;
    return { ...buyer, session };
  }

  it('creates a Checkout Session with the package price and the return and cancel pages', async () => {
    const { session, person } = await startedCheckout();
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const created = stripeFake.sessions.get(session.id);
    expect(created).toMatchObject({
      mode: 'payment',
      amount_total: 1500,
      currency: 'eur',
      customer_email: person.email,
      success_url: 'http://app.test/credits/{CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/credits?checkout=cancelled',
      metadata: { package_id: 'designer', credits: '200' },
    });
    expect(stripeFake.requests.at(-1)?.authorization).toBe('Bearer sk_test_roomcraft');
  });

  it('grants once when the webhook arrives 5 times at once alongside the return page', async () => {
    const { client, session, id } = await startedCheckout();
    expect(
      (await client.get(`/api/credits/checkout/${session.id}`)).json<{
        data: CheckoutStatusAnswer;
      }>().data.status,
    ).toBe('pending');
    const paid = stripeFake.pay(session.id);
    const event = stripeFake.event('checkout.session.completed', paid);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(event)),
      client.get(`/api/credits/checkout/${session.id}`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS + 200);
    const purchases = (await ledgerOf(harness, id)).filter((row) => row.reason === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.reference).toBe(`stripe:${session.id}`);
    // A replay much later changes nothing either.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS + 200);
  });

  it('confirms on the return page when the webhook has not come yet', async () => {
    const { client, session, id } = await startedCheckout('starter');
    stripeFake.pay(session.id);
    const outcome = await client.get(`/api/credits/checkout/${session.id}`);
    expect(outcome.json<{ data: CheckoutStatusAnswer }>().data).toMatchObject({
      status: 'paid',
      available_credits: SIGNUP_BONUS_CREDITS + 50,
    });
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS + 50);
  });

  it('refuses a forged signature with 400 and grants nothing', async () => {
    const { session, id } = await startedCheckout();
    const paid = stripeFake.pay(session.id);
    const forged = stripeFake.event('checkout.session.completed', paid, 'whsec_someone_else');
    const response = await deliver(forged);
    expect(response.statusCode).toBe(400);
    const tampered = stripeFake.event('checkout.session.completed', paid);
    const answer = await deliver({
      payload: tampered.payload.replace('"amount_total":1500', '"amount_total":1'),
      signature: tampered.signature,
    });
    expect(answer.statusCode).toBe(400);
    const unsigned = await new TestClient(harness.app).request(
      'POST',
      '/api/payments/stripe/webhook',
      tampered.payload,
      { 'content-type': 'application/json' },
    );
    expect(unsigned.statusCode).toBe(400);
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('answers 200 to event types it does not handle and ignores them', async () => {
    const response = await deliver(stripeFake.event('customer.created', { id: 'cus_1' }));
    expect(response.statusCode).toBe(200);
  });

  it('grants nothing and logs an error when the amount or currency does not match the package', async () => {
    const { session, id } = await startedCheckout();
    const paid = stripeFake.pay(session.id);
    const before = logLines.length;
    for (const wrong of [{ amount_total: 150 }, { currency: 'usd' }]) {
      const event = stripeFake.event('checkout.session.completed', { ...paid, ...wrong });
      expect((await deliver(event)).statusCode).toBe(200);
    }
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS);
    const errors = logLines
      .slice(before)
      .map((line) => JSON.parse(line) as { level: number; msg: string; sessionId?: string })
      .filter((line) => line.level >= 50);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({
      msg: 'PAYMENT DOES NOT MATCH ITS PACKAGE; no credits granted',
      sessionId: session.id,
    });
  });

  it('records a payment for a deleted account without crashing', async () => {
    const { client, session, person } = await startedCheckout();
    await client.post('/api/auth/user/confirm-password', { password: person.password });
    expect((await client.delete('/api/auth/user')).statusCode).toBeLessThan(300);
    const paid = stripeFake.pay(session.id);
    expect((await deliver(stripeFake.event('checkout.session.completed', paid))).statusCode).toBe(
      200,
    );
    const purchase = await harness.db
      .selectFrom('credit_purchases')
      .selectAll()
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({
      status: 'paid',
      user_id: null,
      payment_reference: paid.payment_intent,
    });
  });

  it('applies a refund that arrives before the payment was confirmed: granted once, then taken back', async () => {
    const { session, id } = await startedCheckout('starter');
    const paid = stripeFake.pay(session.id);
    const refunded = stripeFake.event('charge.refunded', {
      id: 'ch_test_2',
      object: 'charge',
      amount: 500,
      amount_refunded: 500,
      currency: 'eur',
      payment_intent: paid.payment_intent,
      refunded: true,
    });
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect((await deliver(stripeFake.event('checkout.session.completed', paid))).statusCode).toBe(
      200,
    );
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS);
    const rows = (await ledgerOf(harness, id)).map((row) => [row.reason, row.delta]);
    expect(rows).toEqual([
      ['signup_bonus', SIGNUP_BONUS_CREDITS],
      ['purchase', 50],
      ['purchase_refund', -50],
    ]);
  });

  it('takes refunded credits back as far as the balance allows, once per refunded amount', async () => {
    const { client, session, id } = await startedCheckout();
    const paid = stripeFake.pay(session.id);
    await deliver(stripeFake.event('checkout.session.completed', paid));
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS + 200);
    const charge = (amountRefunded: number) =>
      stripeFake.event('charge.refunded', {
        id: 'ch_test_1',
        object: 'charge',
        amount: 1500,
        amount_refunded: amountRefunded,
        currency: 'eur',
        payment_intent: paid.payment_intent,
        refunded: amountRefunded === 1500,
      });
    // Half refunded: 100 credits back.
    const half = charge(750);
    expect((await deliver(half)).statusCode).toBe(200);
    expect((await deliver(half)).statusCode).toBe(200);
    expect(await balanceOf(harness, id)).toBe(SIGNUP_BONUS_CREDITS + 100);
    // Spend most of the rest, then the whole payment is refunded: only what is left goes.
    await harness.db.transaction().execute((trx) =>
      changeCredits(trx, {
        userId: id,
        delta: -90,
        reason: 'generation',
        reference: 'g1',
        at: new Date(),
      }),
    );
    await Promise.all([deliver(charge(1500)), deliver(charge(1500)), deliver(half)]);
    expect(await balanceOf(harness, id)).toBe(0);
    const refunds = (await ledgerOf(harness, id)).filter((row) => row.reason === 'purchase_refund');
    expect(refunds.map((row) => row.delta)).toEqual([-100, -20]);
    const outcome = await client.get(`/api/credits/checkout/${session.id}`);
    expect(outcome.json<{ data: CheckoutStatusAnswer }>().data.status).toBe('refunded');
  });
});
