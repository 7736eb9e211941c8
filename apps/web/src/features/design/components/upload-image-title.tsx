import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/hooks/use-screen';

/** The upload step's title (spec §2): "Upload your image", or "New design" on mobile. */
export function UploadImageTitle() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return <Title order={1}>{isMobile ? t('design.newDesign') : t('design.uploadTitle')}</Title>;
}
