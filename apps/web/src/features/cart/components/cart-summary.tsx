import { Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconShoppingBag } from '@tabler/icons-react';
import type { CartItem } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { summaryPdfUrl, useCart, useRemoveFromCart, useSetCartQuantity } from '../api/cart';
import { CartCard, CartColumns } from './cart-card';
import { CartItemRow, CartTotals } from './cart-item-row';
import { ShareDesign } from './share-design';
import classes from './cart.module.css';

interface CartSummaryProps {
  designHref: string;
  /** A design's name by id (the designs list lives elsewhere); undefined while unknown. */
  designName: (id: number) => string | undefined;
}

/** Items grouped by the design they came from, in the order they were added. */
function byDesign(items: readonly CartItem[]) {
  const groups = new Map<number | null, CartItem[]>();
  for (const item of items) {
    const group = groups.get(item.design_id) ?? [];
    group.push(item);
    groups.set(item.design_id, group);
  }
  return [...groups];
}

/** The paper sizes a design's summary PDF comes in, with their menu labels. */
const PAPERS = [
  ['a4', 'cart.paperA4'],
  ['letter', 'cart.paperLetter'],
] as const;

/** A design's summary as a PDF, on the paper the user picks. */
function SummaryPdfMenu({ designId }: { designId: number }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="light" size="xs" leftSection={<IconFileTypePdf size={14} />}>
          {t('cart.downloadPdf')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PAPERS.map(([paper, label]) => (
          <Menu.Item key={paper} component="a" href={summaryPdfUrl(designId, paper)} download>
            {t(label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The cart of spec §1: items with thumbnail, QTY editing and removal; totals per currency; per
 * design, its summary as a PDF (A4 or Letter) or shared by link.
 */
export function CartSummary({ designHref, designName }: CartSummaryProps) {
  const { t } = useTranslation();
  const cart = useCart();
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();

  if (cart.isPending) return null;
  const items = cart.data?.items ?? [];

  return (
    <Stack gap="xl">
      <Title order={1}>{t('cart.title')}</Title>
      {items.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <EmptyState
            icon={<IconShoppingBag size={34} />}
            message={t('cart.empty')}
            action={
              <Button component={Link} to={designHref} variant="light">
                {t('nav.backToDesign')}
              </Button>
            }
          />
        </Card>
      ) : (
        <CartColumns
          items={
            <Stack gap="lg">
              {byDesign(items).map(([designId, group]) => {
                const name =
                  designId === null
                    ? t('cart.otherItems')
                    : (designName(designId) ?? t('cart.aDesign'));
                return (
                  <CartCard
                    key={designId ?? 'none'}
                    as="section"
                    title={name}
                    actions={
                      designId !== null ? (
                        <Group gap="xs">
                          <SummaryPdfMenu designId={designId} />
                          <ShareDesign designId={designId} designName={name} />
                        </Group>
                      ) : undefined
                    }
                  >
                    <ul className={classes.items}>
                      {group.map((item) => (
                        <CartItemRow
                          key={item.id}
                          item={item}
                          onQuantity={(quantity) => setQuantity.mutate({ id: item.id, quantity })}
                          onRemove={() => remove.mutate(item.id)}
                        />
                      ))}
                    </ul>
                  </CartCard>
                );
              })}
            </Stack>
          }
          summary={
            <CartCard as="aside" title={t('cart.summary')}>
              <Text size="sm" c="dimmed" mb="md">
                {t('cart.itemCount', {
                  count: items.reduce((sum, item) => sum + item.quantity, 0),
                })}
              </Text>
              <CartTotals totals={cart.data?.totals ?? []} />
              {items.some((item) => item.area_m2 !== null) ? (
                <Text size="xs" c="dimmed" mt="md">
                  {t('cart.estimatesNote')}
                </Text>
              ) : null}
            </CartCard>
          }
        />
      )}
    </Stack>
  );
}
