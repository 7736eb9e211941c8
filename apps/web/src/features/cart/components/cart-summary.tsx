import { Button, Card, Grid, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconShoppingBag } from '@tabler/icons-react';
import type { CartItem } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { summaryPdfUrl, useCart, useRemoveFromCart, useSetCartQuantity } from '../api/cart';
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
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              {byDesign(items).map(([designId, group]) => {
                const name =
                  designId === null
                    ? t('cart.otherItems')
                    : (designName(designId) ?? t('cart.aDesign'));
                return (
                  <Card
                    key={designId ?? 'none'}
                    withBorder
                    radius="lg"
                    padding="lg"
                    component="section"
                    aria-label={name}
                  >
                    <Group justify="space-between" mb="xs" gap="xs">
                      <Title order={2} size="h4">
                        {name}
                      </Title>
                      {designId !== null ? (
                        <Group gap="xs">
                          <Menu position="bottom-end">
                            <Menu.Target>
                              <Button
                                variant="light"
                                size="xs"
                                leftSection={<IconFileTypePdf size={14} />}
                              >
                                {t('cart.downloadPdf')}
                              </Button>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                component="a"
                                href={summaryPdfUrl(designId, 'a4')}
                                download
                              >
                                {t('cart.paperA4')}
                              </Menu.Item>
                              <Menu.Item
                                component="a"
                                href={summaryPdfUrl(designId, 'letter')}
                                download
                              >
                                {t('cart.paperLetter')}
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                          <ShareDesign designId={designId} designName={name} />
                        </Group>
                      ) : null}
                    </Group>
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
                  </Card>
                );
              })}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card
              withBorder
              radius="lg"
              padding="lg"
              component="aside"
              aria-label={t('cart.summary')}
            >
              <Title order={2} size="h4" mb="sm">
                {t('cart.summary')}
              </Title>
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
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
