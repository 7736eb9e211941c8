import { Button, Card, Stack, Title } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * The cart of spec §1. Items are added from the editor's product picks, which arrive with the
 * editor; until then the cart is empty and nothing is fetched.
 */
export function CartSummary({ designHref }: { designHref: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Title order={1}>{t('cart.title')}</Title>
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
    </Stack>
  );
}
