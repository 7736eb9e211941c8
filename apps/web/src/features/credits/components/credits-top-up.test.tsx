import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CheckoutStatusAnswer, LedgerEntry } from '@roomcraft/contracts';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { CreditsTopUp } from './credits-top-up';

const packages = {
  data: [
    { id: 'starter', credits: 50, price: 500, currency: 'EUR', best_value: false },
    { id: 'designer', credits: 200, price: 1500, currency: 'EUR', best_value: true },
  ],
  meta: { provider: 'test' },
};

const entry = (id: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id,
  at: '2026-11-23T10:15:00.000Z',
  reason: 'generation',
  delta: -1,
  balance_after: 9,
  action: 'paints',
  designs: 1,
  ...overrides,
});

let checkout: () => Response;
const requested: string[] = [];

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      requested.push(input);
      if (input === '/api/credits/packages') return Promise.resolve(jsonResponse(200, packages));
      if (input.startsWith('/api/credits/checkout/')) return Promise.resolve(checkout());
      const page = /^\/api\/credits\/ledger\?page=(\d+)$/.exec(input)?.[1];
      if (page === '1') {
        return Promise.resolve(
          jsonResponse(200, {
            data: [entry(3), entry(2, { reason: 'signup_bonus', delta: 10, action: null })],
            meta: { page: 1, per_page: 2, total: 3, last_page: 2 },
          }),
        );
      }
      if (page === '2') {
        return Promise.resolve(
          jsonResponse(200, {
            data: [entry(1, { reason: 'purchase', delta: 200, action: null, designs: null })],
            meta: { page: 2, per_page: 2, total: 3, last_page: 2 },
          }),
        );
      }
      return Promise.resolve(jsonResponse(404, { message: 'Not found' }));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const paid: CheckoutStatusAnswer = {
  id: 'test_cs_1',
  provider: 'test',
  status: 'paid',
  package_id: 'designer',
  credits: 200,
  price: 1500,
  currency: 'EUR',
  available_credits: 210,
};

describe('CreditsTopUp', () => {
  it('shows the invitation, the packages with the best value, the reassurance and the history in words, a page at a time', async () => {
    const { user } = renderWithProviders(
      <CreditsTopUp
        availableCredits={10}
        cancelled={false}
        designHref="/design/4"
        onBalance={vi.fn()}
      />,
    );
    expect(
      screen.getByText("Add more credits and continue creating the space you've always dreamed of"),
    ).toBeDefined();
    expect(await screen.findByText('Best value')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Buy 200 credits' })).toBeDefined();
    expect(screen.getByText('100% secure payment with money back guarantee')).toBeDefined();
    expect(
      screen.getByText('Test mode: payments are simulated and no money is taken.'),
    ).toBeDefined();
    expect(await screen.findByRole('cell', { name: /^Wall paint, 1 design/ })).toBeDefined();
    expect(screen.getByRole('cell', { name: /^Signup bonus/ })).toBeDefined();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('cell', { name: /^Purchase of 200 credits/ })).toBeDefined();
    expect(requested).toContain('/api/credits/ledger?page=2');
    expect(screen.getByRole('link', { name: 'Back to your design' }).getAttribute('href')).toBe(
      '/design/4',
    );
  });

  it('shows a paid checkout with the new balance and hands the balance on', async () => {
    checkout = () => jsonResponse(200, { data: paid });
    const onBalance = vi.fn();
    renderWithProviders(
      <CreditsTopUp
        availableCredits={10}
        sessionId="test_cs_1"
        cancelled={false}
        designHref="/design"
        onBalance={onBalance}
      />,
    );
    expect(await screen.findByText('Payment received')).toBeDefined();
    expect(screen.getByText('Your balance is now 210 credits')).toBeDefined();
    await waitFor(() => expect(onBalance).toHaveBeenCalledWith(210));
  });

  it('says a payment is not found when it is unknown or someone else’s', async () => {
    checkout = () => jsonResponse(404, { message: 'Not found' });
    renderWithProviders(
      <CreditsTopUp
        availableCredits={10}
        sessionId="cs_other"
        cancelled={false}
        designHref="/design"
        onBalance={vi.fn()}
      />,
    );
    expect(await screen.findByText('Payment not found')).toBeDefined();
  });

  it('says a cancelled or pending checkout took nothing yet', async () => {
    checkout = () =>
      jsonResponse(200, { data: { ...paid, status: 'cancelled', available_credits: 10 } });
    const { unmount } = renderWithProviders(
      <CreditsTopUp
        availableCredits={10}
        sessionId="test_cs_2"
        cancelled={false}
        designHref="/design"
        onBalance={vi.fn()}
      />,
    );
    expect(await screen.findByText('Payment cancelled')).toBeDefined();
    unmount();
    checkout = () =>
      jsonResponse(200, { data: { ...paid, status: 'pending', available_credits: 10 } });
    renderWithProviders(
      <CreditsTopUp
        availableCredits={10}
        sessionId="test_cs_3"
        cancelled={false}
        designHref="/design"
        onBalance={vi.fn()}
      />,
    );
    expect(await screen.findByText('Waiting for the payment')).toBeDefined();
  });
});
