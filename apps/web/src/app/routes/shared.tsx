import { useParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { SharedSummary } from '@/features/cart/components/shared-summary';

export function SharedRoute() {
  const { token = '' } = useParams();
  return (
    <PageContainer>
      <SharedSummary token={token} />
    </PageContainer>
  );
}
