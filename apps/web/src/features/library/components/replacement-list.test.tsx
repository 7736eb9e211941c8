import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Product } from '@roomcraft/contracts';
import { renderWithProviders } from '@/testing/render';
import { ReplacementList } from './replacement-list';

function product(id: string, name: string, colors: Product['colors']): Product {
  return {
    id,
    category: 'sofa',
    maker: 'Casa Verde',
    name,
    price: 42900,
    currency: 'EUR',
    description: 'A compact two-seater.',
    colors,
    dimensions: { width: 160, depth: 85, height: 80 },
    materials: ['linen'],
    distributor: 'Casa Verde',
    image_url: `/api/library/images/${id}${id}${id}${id}01.jpg`,
    cutout_url: null,
    product_url: null,
    styles: ['modern'],
    space_types: ['residential'],
  };
}

const options = [
  product('pilar', 'Pilar 2-Seat Sofa', [
    { name: 'Rust', hex: '#b4532a' },
    { name: 'Sand', hex: '#d9c3a0' },
  ]),
  product('lundx', 'Lund 3-Seat Sofa', [{ name: 'Ivory', hex: '#efe9dc' }]),
];

function Harness({
  onSelect,
  onColour,
}: {
  onSelect: (p: Product | null) => void;
  onColour: (hex: string | null) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [colour, setColour] = useState<string | null>(null);
  return (
    <ReplacementList
      products={options}
      selectedId={picked}
      onSelect={(item) => {
        setPicked(item?.id ?? null);
        onSelect(item);
      }}
      selectedColour={colour}
      onColourSelect={(hex) => {
        setColour(hex);
        onColour(hex);
      }}
    />
  );
}

const card = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^(?!Enlarge).*${name}`) });

describe('the replacement list', () => {
  it('shows the loaded options as cards and picks one, clearing the colour', async () => {
    const onSelect = vi.fn();
    const onColour = vi.fn();
    const { user } = renderWithProviders(<Harness onSelect={onSelect} onColour={onColour} />);
    const pilar = await card('Pilar 2-Seat Sofa');
    expect(within(pilar).getByText('€429')).toBeDefined();
    await user.click(pilar);
    expect(pilar.getAttribute('aria-pressed')).toBe('true');
    expect(onSelect).toHaveBeenLastCalledWith(options[0]);
    expect(onColour).toHaveBeenLastCalledWith(null);
  });

  it('picks a colour on an enlarged card without picking its product, which then brings it', async () => {
    const onSelect = vi.fn();
    const onColour = vi.fn();
    const { user } = renderWithProviders(<Harness onSelect={onSelect} onColour={onColour} />);
    await card('Lund 3-Seat Sofa');
    await user.click(screen.getByRole('button', { name: 'Enlarge Lund 3-Seat Sofa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lund 3-Seat Sofa' });
    await user.click(within(dialog).getByRole('button', { name: 'Ivory' }));
    expect(onSelect).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Ivory' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // Picking the product is the person's own step, and the colour comes with it, as a hex.
    await user.click(within(dialog).getByRole('button', { name: 'Pick' }));
    expect(onSelect).toHaveBeenLastCalledWith(options[1]);
    expect(onColour).toHaveBeenLastCalledWith('#efe9dc');
  });
});
