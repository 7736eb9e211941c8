import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { VerifyEmailPanel } from '@/features/auth/components/verify-email-panel';

export function VerifyEmailRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle page={t('verifyEmail.title')} />
      <VerifyEmailPanel />
    </>
  );
}
