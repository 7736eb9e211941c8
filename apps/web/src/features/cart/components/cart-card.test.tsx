import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { CartCard, CartColumns } from './cart-card';

describe('the cart pages’ cards', () => {
  it('name a group of items and the totals beside them by their headings, with actions beside a heading', () => {
    renderWithProviders(
      <CartColumns
        items={
          <CartCard as="section" title="Living room" actions={<button type="button">Share</button>}>
            <p>Lund sofa</p>
          </CartCard>
        }
        summary={
          <CartCard as="aside" title="Summary">
            <p>€749.00</p>
          </CartCard>
        }
      />,
    );
    const items = screen.getByRole('region', { name: 'Living room' });
    expect(within(items).getByRole('heading', { level: 2, name: 'Living room' })).toBeDefined();
    expect(within(items).getByRole('button', { name: 'Share' })).toBeDefined();
    expect(within(items).getByText('Lund sofa')).toBeDefined();
    const summary = screen.getByRole('complementary', { name: 'Summary' });
    expect(within(summary).getByRole('heading', { level: 2, name: 'Summary' })).toBeDefined();
    expect(within(summary).getByText('€749.00')).toBeDefined();
    expect(within(summary).queryByRole('button')).toBeNull();
  });
});
