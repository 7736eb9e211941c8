import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container';
import { PageTitle } from '@/components/ui/page-title';
import { useUser } from '@/features/auth/api/get-user';
import { CreditsTopUp } from '@/features/credits/components/credits-top-up';

export function CreditsRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  return (
    <PageContainer width="narrow">
      <PageTitle page={t('credits.title')} />
      <CreditsTopUp availableCredits={user?.available_credits ?? 0} />
    </PageContainer>
  );
}
