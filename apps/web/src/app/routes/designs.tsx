import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container';
import { PageTitle } from '@/components/ui/page-title';
import { DesignsList } from '@/features/designs/components/designs-list';

export function DesignsRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageTitle page={t('designs.title')} />
      <DesignsList />
    </PageContainer>
  );
}
