import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ImageUsed } from '@roomcraft/contracts';
import { renderWithProviders } from '@/testing/render';
import { InThisDesign } from './add-to-cart';

const box = { x: 0, y: 0, width: 10, height: 10 };

describe('"In this design"', () => {
  it('shows the estimated area and litres of a paint and the area of a floor, marked as estimates', () => {
    const used: ImageUsed = {
      products: [],
      paints: [
        { name: 'Charcoal', hex: '#45454a', region: { share: 0.3, box, area_m2: 14.2 } },
        { name: 'Sage', hex: '#9caf88', region: { share: 0.1, box } },
      ],
      textures: [
        { id: 'oak', name: 'Oak planks', kind: 'floor', region: { share: 0.2, box, area_m2: 4.8 } },
        {
          id: 'linen',
          name: 'Linen',
          kind: 'material',
          colour: '#d9c3a0',
          region: { share: 0.05, box, area_m2: 1 },
        },
      ],
    };
    renderWithProviders(<InThisDesign used={used} designId={7} imageUrl="/api/images/a.png" />);
    const region = screen.getByRole('region', { name: 'In this design' });
    const estimates = within(region)
      .getAllByTestId('surface-estimate')
      .map((element) => element.textContent);
    // 14.2 m² × 2 coats ÷ 10 m²/L = 2.84 L, bought as 3 L; no estimate where none was made.
    expect(estimates).toEqual(['≈ 14.2 m², 3 l for two coats (estimate)', '≈ 4.8 m² (estimate)']);
    expect(within(region).getByRole('button', { name: 'Add all to cart' })).toBeDefined();
  });
});
