import { ActionIcon, Anchor, Group, NumberInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { MAX_CART_QUANTITY, formatPrice, paintLitres, type CartItem } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import classes from './cart.module.css';

interface CartItemRowProps {
  item: CartItem;
  /** Absent on the read-only share page. */
  onQuantity?: (quantity: number) => void;
  onRemove?: () => void;
}

/** What an item is, in one line under its name (colour, size, materials, seller, surface). */
export function useItemDetails(item: CartItem): string {
  const { t } = useTranslation();
  const parts: string[] = [];
  // A paint is named after its colour already: its hex says the rest.
  if (item.kind === 'paint' && item.colour) parts.push(item.colour.hex.toUpperCase());
  else if (item.colour) parts.push(item.colour.name ?? item.colour.hex.toUpperCase());
  if (item.dimensions) {
    const { width, depth, height } = item.dimensions;
    parts.push(t('cart.dimensions', { width, depth, height }));
  }
  if (item.materials.length > 0) parts.push(item.materials.join(', '));
  if (item.distributor) parts.push(t('cart.soldBy', { distributor: item.distributor }));
  if (item.area_m2 !== null) {
    parts.push(
      item.kind === 'paint'
        ? t('cart.paintEstimate', {
            area: item.area_m2.toFixed(1),
            litres: paintLitres(item.area_m2),
          })
        : t('cart.areaEstimate', { area: item.area_m2.toFixed(1) }),
    );
  }
  return parts.join(' · ');
}

/** One cart item: thumbnail, name (the product page in a new tab), details, QTY and price. */
export function CartItemRow({ item, onQuantity, onRemove }: CartItemRowProps) {
  const { t, i18n } = useTranslation();
  const details = useItemDetails(item);
  const kindLabel = t(`cart.kind.${item.kind}`);
  return (
    <li className={classes.item} data-testid="cart-item">
      <span className={classes.thumb} aria-hidden>
        {item.image_url ? (
          <img src={item.image_url} alt="" loading="lazy" />
        ) : (
          <span className={classes.swatch} style={{ background: item.colour?.hex ?? '#ddd' }} />
        )}
      </span>
      <Stack gap={2} className={classes.itemText}>
        <Text size="xs" c="dimmed" tt="uppercase" lts={0.4}>
          {kindLabel}
        </Text>
        {item.product_url ? (
          <Anchor
            href={item.product_url}
            target="_blank"
            rel="noopener noreferrer"
            fw={600}
            size="sm"
            c="inherit"
          >
            {item.name} <IconExternalLink size={12} aria-hidden />
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {item.name}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap" className={classes.itemControls}>
        {onQuantity ? (
          <NumberInput
            aria-label={t('cart.quantityOf', { name: item.name })}
            value={item.quantity}
            min={1}
            max={MAX_CART_QUANTITY}
            clampBehavior="strict"
            allowDecimal={false}
            w={76}
            size="xs"
            onChange={(value) => {
              const quantity = typeof value === 'number' ? value : Number(value);
              if (Number.isInteger(quantity) && quantity >= 1 && quantity !== item.quantity) {
                onQuantity(quantity);
              }
            }}
          />
        ) : (
          <Text size="sm">{t('cart.times', { quantity: item.quantity })}</Text>
        )}
        <Text size="sm" fw={700} className={classes.price}>
          {item.price !== null && item.currency !== null
            ? formatPrice(item.price * item.quantity, item.currency, i18n.language)
            : '—'}
        </Text>
        {onRemove ? (
          <Tooltip label={t('cart.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('cart.removeItem', { name: item.name })}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </li>
  );
}

/** The totals, one line per currency (totalPrice = Σ price × quantity). */
export function CartTotals({
  totals,
}: {
  totals: { currency: CartItem['currency']; amount: number }[];
}) {
  const { t, i18n } = useTranslation();
  if (totals.length === 0) return <Text c="dimmed">{t('cart.nothingPriced')}</Text>;
  return (
    <Stack gap={4} data-testid="cart-totals">
      {totals.map(({ currency, amount }) =>
        currency ? (
          <Group key={currency} justify="space-between">
            <Text fw={600}>{t('cart.totalIn', { currency })}</Text>
            <Text fw={700} size="lg">
              {formatPrice(amount, currency, i18n.language)}
            </Text>
          </Group>
        ) : null,
      )}
    </Stack>
  );
}
