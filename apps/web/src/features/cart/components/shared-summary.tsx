import { Card, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageTitle } from '@/components/ui/page-title';
import { useSharedSummary } from '../api/cart';
import { CartCard, CartColumns } from './cart-card';
import { CartItemRow, CartTotals } from './cart-item-row';
import classes from './cart.module.css';

/** The public, read-only summary behind a share link: before and after, items, totals. */
export function SharedSummary({ token }: { token: string }) {
  const { t } = useTranslation();
  const summary = useSharedSummary(token);
  if (summary.isPending) return <Loader mx="auto" my="xl" display="block" />;
  if (!summary.data) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <PageTitle page={t('cart.sharedTitle')} />
        <EmptyState icon={<IconLinkOff size={34} />} message={t('cart.sharedGone')} />
      </Card>
    );
  }
  const { name, before_url, after_url, items, totals } = summary.data;
  return (
    <Stack gap="xl">
      <PageTitle page={name} />
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" lts={0.6}>
          {t('cart.sharedTitle')}
        </Text>
        <Title order={1}>{name}</Title>
      </Stack>
      <div className={classes.beforeAfter}>
        {[
          { url: before_url, label: t('cart.before') },
          { url: after_url, label: t('cart.after') },
        ].map(({ url, label }) => (
          <figure key={label} style={{ margin: 0 }}>
            <img src={url} alt={label} />
            <Text component="figcaption" size="sm" c="dimmed" mt={4}>
              {label}
            </Text>
          </figure>
        ))}
      </div>
      <CartColumns
        items={
          <CartCard as="section" title={t('cart.items')}>
            <ul className={classes.items}>
              {items.map((item) => (
                <CartItemRow key={item.id} item={item} />
              ))}
            </ul>
          </CartCard>
        }
        summary={
          <CartCard as="aside" title={t('cart.summary')}>
            <CartTotals totals={totals} />
          </CartCard>
        }
      />
    </Stack>
  );
}
