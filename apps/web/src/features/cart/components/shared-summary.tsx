import { Card, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageTitle } from '@/components/ui/page-title';
import { useSharedSummary } from '../api/cart';
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
        <figure style={{ margin: 0 }}>
          <img src={before_url} alt={t('cart.before')} />
          <Text component="figcaption" size="sm" c="dimmed" mt={4}>
            {t('cart.before')}
          </Text>
        </figure>
        <figure style={{ margin: 0 }}>
          <img src={after_url} alt={t('cart.after')} />
          <Text component="figcaption" size="sm" c="dimmed" mt={4}>
            {t('cart.after')}
          </Text>
        </figure>
      </div>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card
            withBorder
            radius="lg"
            padding="lg"
            component="section"
            aria-label={t('cart.items')}
          >
            <Title order={2} size="h4" mb="xs">
              {t('cart.items')}
            </Title>
            <ul className={classes.items}>
              {items.map((item) => (
                <CartItemRow key={item.id} item={item} />
              ))}
            </ul>
          </Card>
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
            <CartTotals totals={totals} />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
