import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container';
import { PageTitle } from '@/components/ui/page-title';
import { UploadImageTitle } from '@/features/design/components/upload-image-title';

export function DesignRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageTitle page={t('design.title')} />
      <UploadImageTitle />
    </PageContainer>
  );
}
