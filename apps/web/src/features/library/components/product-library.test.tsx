import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@roomcraft/contracts';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import type { ProductFilters } from '../api/get-products';
import { ProductLibrary } from './product-library';
import type { ProductColour } from './replacement-card';

function product(overrides: Partial<Product>): Product {
  return {
    id: 'sofa-1',
    category: 'sofa',
    maker: 'Nordhaus',
    name: 'Alva three-seater',
    price: 129900,
    currency: 'EUR',
    description: 'A deep, low sofa with feather-wrapped cushions.',
    colors: [
      { name: 'Oat', hex: '#d8cbb5', image_url: '/api/library/images/alvaOatOatOatOat01.jpg' },
      { name: 'Moss', hex: '#5b6b4a' },
    ],
    dimensions: { width: 220, depth: 95, height: 78 },
    materials: ['linen', 'oak'],
    distributor: 'Nordhaus',
    image_url: '/api/library/images/alvaAlvaAlvaAlva01.jpg',
    cutout_url: null,
    product_url: 'https://nordhaus.example/alva',
    styles: ['scandinavian'],
    space_types: ['living_room'],
    ...overrides,
  };
}

const catalogue = [
  product({}),
  product({
    id: 'lamp-1',
    category: 'floor_lamp',
    maker: 'Lumen & Co',
    name: 'Arc floor lamp',
    price: 4999,
    currency: 'USD',
    colors: [{ name: 'Brass', hex: '#b5a642' }],
  }),
];

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { data: catalogue })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Harness({
  filters,
  onPick,
  onColour,
  zoomDisabled,
}: {
  filters?: Omit<ProductFilters, 'query'>;
  onPick: (product: Product | null) => void;
  onColour: (colour: ProductColour | null) => void;
  zoomDisabled?: boolean;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [colour, setColour] = useState<ProductColour | null>(null);
  return (
    <ProductLibrary
      filters={filters}
      selectedId={picked}
      onSelect={(item) => {
        setPicked(item?.id ?? null);
        onPick(item);
      }}
      selectedColour={colour}
      onColourSelect={(next) => {
        setColour(next);
        onColour(next);
      }}
      zoomDisabled={zoomDisabled}
    />
  );
}

function renderProducts(
  props: { filters?: Omit<ProductFilters, 'query'>; zoomDisabled?: boolean } = {},
) {
  const onPick = vi.fn();
  const onColour = vi.fn();
  return {
    ...renderWithProviders(<Harness onPick={onPick} onColour={onColour} {...props} />),
    onPick,
    onColour,
  };
}

/** A replacement card's picking button (not its enlarge button). */
const card = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^(?!Enlarge).*${name}`) });

describe('the product library', () => {
  it('asks for products with the design filters, the budget in whole units', async () => {
    renderProducts({ filters: { category: 'sofa', min_price: 1000, max_price: 5000 } });
    await card('Alva three-seater');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/library/products?category=sofa&min_price=1000&max_price=5000',
    );
  });

  it('shows maker, name and the price in the product currency', async () => {
    renderProducts();
    const sofa = await card('Alva three-seater');
    expect(within(sofa).getByText('Nordhaus')).toBeDefined();
    expect(within(sofa).getByText('€1,299')).toBeDefined();
    const lamp = await card('Arc floor lamp');
    expect(within(lamp).getByText('Lumen & Co')).toBeDefined();
    expect(within(lamp).getByText('$49.99')).toBeDefined();
  });

  it('picks and unpicks a replacement card', async () => {
    const { user, onPick } = renderProducts();
    const sofa = await card('Alva three-seater');
    await user.click(sofa);
    expect(sofa.getAttribute('aria-pressed')).toBe('true');
    expect(onPick).toHaveBeenLastCalledWith(catalogue[0]);
    await user.click(sofa);
    expect(sofa.getAttribute('aria-pressed')).toBe('false');
    expect(onPick).toHaveBeenLastCalledWith(null);
  });

  it('enlarges a card with its description, colours, product link and zoom', async () => {
    const { user, onPick, onColour } = renderProducts();
    await card('Alva three-seater');
    await user.click(screen.getByRole('button', { name: 'Enlarge Alva three-seater' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alva three-seater' });

    expect(
      within(dialog).getByText('A deep, low sofa with feather-wrapped cushions.'),
    ).toBeDefined();
    expect(within(dialog).getByText('€1,299')).toBeDefined();
    expect(within(dialog).getByText('220 × 95 × 78 cm')).toBeDefined();

    const link = within(dialog).getByRole('link', { name: 'View product' });
    expect(link.getAttribute('href')).toBe('https://nordhaus.example/alva');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    // A click on a swatch picks the colour, and with it the product.
    const oat = within(dialog).getByRole('button', { name: 'Oat' });
    await user.click(oat);
    expect(oat.getAttribute('aria-pressed')).toBe('true');
    expect(onColour).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Oat' }));
    expect(onPick).toHaveBeenLastCalledWith(catalogue[0]);
    expect(within(dialog).getByRole('img', { name: 'Alva three-seater' }).getAttribute('src')).toBe(
      '/api/library/images/alvaOatOatOatOat01.jpg',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Moss' }));
    expect(within(dialog).getByRole('button', { name: 'Moss' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(oat.getAttribute('aria-pressed')).toBe('false');
    expect(within(dialog).getByRole('img', { name: 'Alva three-seater' }).getAttribute('src')).toBe(
      '/api/library/images/alvaAlvaAlvaAlva01.jpg',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    const zoomOut = within(dialog).getByRole('button', { name: 'Zoom out' });
    expect(zoomOut.getAttribute('aria-pressed')).toBe('true');
    await user.click(zoomOut);
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toBeDefined();
  });

  it('clears the picked colour when another product is picked', async () => {
    const { user, onColour } = renderProducts();
    await card('Alva three-seater');
    await user.click(screen.getByRole('button', { name: 'Enlarge Alva three-seater' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alva three-seater' });
    await user.click(within(dialog).getByRole('button', { name: 'Oat' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await card('Arc floor lamp'));
    expect(onColour).toHaveBeenLastCalledWith(null);
  });

  it('offers no enlarge button when zoom is disabled', async () => {
    renderProducts({ zoomDisabled: true });
    await card('Alva three-seater');
    expect(screen.queryByRole('button', { name: /^Enlarge/ })).toBeNull();
  });
});
