import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container';
import { PageTitle } from '@/components/ui/page-title';
import { CartSummary } from '@/features/cart/components/cart-summary';
import { useDesigns } from '@/features/designs/api/get-designs';
import { useCurrentDesignHref } from '../design-flow';

export function CartRoute() {
  const { t } = useTranslation();
  const designHref = useCurrentDesignHref();
  const designs = useDesigns();
  return (
    <PageContainer>
      <PageTitle page={t('cart.title')} />
      <CartSummary
        designHref={designHref}
        designName={(id) => designs.data?.find((design) => design.id === id)?.name}
      />
    </PageContainer>
  );
}
