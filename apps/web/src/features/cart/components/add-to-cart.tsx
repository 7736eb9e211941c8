import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { formatPrice, paintLitres, type CartAddition, type ImageUsed } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useAddToCart } from '../api/cart';
import { additionsFromUsed } from '../model/additions';
import classes from './cart.module.css';

/** "Add to cart" for one thing (a replacement card's product). */
export function AddToCartButton({
  addition,
  disabled,
}: {
  addition: CartAddition;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const add = useAddToCart();
  return (
    <Button
      leftSection={<IconShoppingCartPlus size={16} />}
      loading={add.isPending}
      disabled={disabled}
      onClick={() =>
        void add.mutateAsync([addition]).then(() => notify('positive', t('cart.added')))
      }
    >
      {t('cart.addToCart')}
    </Button>
  );
}

interface InThisDesignProps {
  used: ImageUsed;
  designId: number;
  imageUrl: string;
}

/** The editor's "In this design": what the shown image used, and one click to add it all. */
export function InThisDesign({ used, designId, imageUrl }: InThisDesignProps) {
  const { t, i18n } = useTranslation();
  const add = useAddToCart();
  // The surface a paint or floor covers, where the room camera allowed an estimate.
  const paintEstimate = (area: number | undefined) =>
    area === undefined
      ? null
      : t('cart.paintEstimate', { area: area.toFixed(1), litres: paintLitres(area) });
  const areaEstimate = (area: number | undefined) =>
    area === undefined ? null : t('cart.areaEstimate', { area: area.toFixed(1) });
  const rows = [
    ...used.products.map((product) => ({
      key: `p:${product.id}:${product.colour.hex}`,
      swatch: product.colour.hex,
      name: product.name,
      detail: product.colour.name ?? product.colour.hex.toUpperCase(),
      price: formatPrice(product.price, product.currency, i18n.language),
      estimate: null,
    })),
    ...used.paints.map((paint) => ({
      key: `c:${paint.hex}`,
      swatch: paint.hex,
      name: paint.name ?? paint.hex.toUpperCase(),
      detail: `${t('cart.kind.paint')} · ${paint.hex.toUpperCase()}`,
      price: null,
      estimate: paintEstimate(paint.region.area_m2),
    })),
    ...used.textures.map((texture) => ({
      key: `t:${texture.id ?? texture.name}`,
      swatch: texture.colour ?? null,
      name: texture.name,
      detail: t('cart.kind.texture'),
      price: null,
      // A floor is laid on the floor the camera sees; a material's area is not estimated.
      estimate: texture.kind === 'floor' ? areaEstimate(texture.region.area_m2) : null,
    })),
  ];
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="section"
      aria-label={t('cart.inThisDesign')}
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h5">
          {t('cart.inThisDesign')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconShoppingCartPlus size={14} />}
          loading={add.isPending}
          onClick={() =>
            void add
              .mutateAsync(additionsFromUsed(used, { designId, imageUrl }))
              .then(() => notify('positive', t('cart.added')))
          }
        >
          {t('cart.addAll')}
        </Button>
      </Group>
      <Stack gap={6} component="ul" className={classes.items}>
        {rows.map((row) => (
          <Group key={row.key} component="li" gap="sm" wrap="nowrap">
            <span
              className={classes.dot}
              style={{ background: row.swatch ?? 'var(--mantine-color-sand-3, #ccc)' }}
              aria-hidden
            />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {row.detail}
              </Text>
              {row.estimate ? (
                <Text size="xs" c="dimmed" data-testid="surface-estimate">
                  {row.estimate}
                </Text>
              ) : null}
            </Stack>
            {row.price ? (
              <Text size="sm" fw={700}>
                {row.price}
              </Text>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
