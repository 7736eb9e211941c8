import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { PageTitle } from '@/components/ui/page-title';
import { TestCheckoutPage } from '@/features/credits/components/test-checkout-page';

export function TestCheckoutRoute() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  return (
    <PageContainer width="narrow">
      <PageTitle page={t('testCheckout.title')} />
      <TestCheckoutPage key={sessionId} sessionId={sessionId} />
    </PageContainer>
  );
}
