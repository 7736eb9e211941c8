import { useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconExternalLink, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type { Product } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@roomcraft/contracts';
import classes from './replacement-card.module.css';

export type ProductColour = Product['colors'][number];

/** Whether two colours of a product are the same one. */
export function sameColour(a: ProductColour | null | undefined, b: ProductColour | null): boolean {
  return a != null && b !== null && a.name === b.name && a.hex === b.hex;
}

interface ReplacementCardProps {
  product: Product;
}

/** The replacement card of spec §2, Change furniture: maker, name and price. */
export function ReplacementCard({ product }: ReplacementCardProps) {
  const { i18n } = useTranslation();
  return (
    <span className={classes.card}>
      <span className={classes.imageFrame}>
        <img className={classes.image} src={product.image_url} alt="" loading="lazy" />
      </span>
      <span className={classes.body}>
        <Text component="span" size="xs" c="dimmed" tt="uppercase" truncate="end" lts={0.4}>
          {product.maker}
        </Text>
        <Text component="span" size="sm" fw={600} lineClamp={2} className={classes.name}>
          {product.name}
        </Text>
        <Text component="span" size="sm" fw={700} className={classes.price}>
          {formatPrice(product.price, product.currency, i18n.language)}
        </Text>
      </span>
    </span>
  );
}

/** The product shot in the picked colour, where the catalogue has one. */
function shotOf(product: Product, colour: ProductColour | null): string {
  const shot = product.colors.find((candidate) => sameColour(candidate, colour));
  return shot?.image_url ?? product.image_url;
}

interface EnlargedReplacementCardProps {
  product: Product;
  selectedColour: ProductColour | null;
  onColourSelect: (colour: ProductColour) => void;
  /** What else the card offers (the app puts "Add to cart" here). */
  action?: ReactNode;
}

/**
 * The enlarged replacement card (spec §2): also the description (3 lines), the colour swatches
 * (a click picks the colour), a link to the product page in a new tab, and a zoom toggle.
 */
export function EnlargedReplacementCard({
  product,
  selectedColour,
  onColourSelect,
  action,
}: EnlargedReplacementCardProps) {
  const { t, i18n } = useTranslation();
  const [zoomed, setZoomed] = useState(false);
  const { width, depth, height } = product.dimensions;

  return (
    <Stack gap="md">
      <div className={classes.zoomFrame} data-zoomed={zoomed || undefined}>
        <img
          className={classes.zoomImage}
          src={shotOf(product, selectedColour)}
          alt={product.name}
          draggable={false}
        />
        <ActionIcon
          className={classes.zoomToggle}
          variant="white"
          color="sand.9"
          radius="xl"
          size="lg"
          aria-label={zoomed ? t('library.zoomOut') : t('library.zoomIn')}
          aria-pressed={zoomed}
          onClick={() => setZoomed((value) => !value)}
        >
          {zoomed ? <IconZoomOut size={18} /> : <IconZoomIn size={18} />}
        </ActionIcon>
      </div>

      {/* The dialog's title is the product's name. */}
      <Group justify="space-between" align="baseline" wrap="nowrap" gap="md">
        <Text size="sm" c="dimmed" tt="uppercase" lts={0.4} truncate="end">
          {product.maker}
        </Text>
        <Text fw={700} size="lg" className={classes.price}>
          {formatPrice(product.price, product.currency, i18n.language)}
        </Text>
      </Group>

      <Text size="sm" lineClamp={3} c="sand.8">
        {product.description}
      </Text>
      <Text size="xs" c="dimmed">
        {t('library.dimensions', { width, depth, height })}
      </Text>

      {product.colors.length > 0 ? (
        <Stack gap={6}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
            {t('library.productColours')}
          </Text>
          <Group gap={8} role="group" aria-label={t('library.productColours')}>
            {product.colors.map((colour) => {
              const picked = sameColour(colour, selectedColour);
              return (
                <Tooltip key={`${colour.name}${colour.hex}`} label={colour.name} withArrow>
                  <UnstyledButton
                    className={classes.swatch}
                    style={{ background: colour.hex }}
                    aria-label={colour.name}
                    aria-pressed={picked}
                    onClick={() => onColourSelect(colour)}
                  >
                    {picked ? (
                      <IconCheck size={14} stroke={3} className={classes.swatchCheck} />
                    ) : null}
                  </UnstyledButton>
                </Tooltip>
              );
            })}
          </Group>
        </Stack>
      ) : null}

      {product.product_url ? (
        <Anchor
          href={product.product_url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
          className={classes.link}
        >
          {t('library.viewProduct')}
          <IconExternalLink size={14} aria-hidden />
        </Anchor>
      ) : null}
      {action}
    </Stack>
  );
}
