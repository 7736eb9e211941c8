import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { PageTitle } from '@/components/ui/page-title';
import { hrefFor } from '@/config/paths';
import { useUser, userQueryKey } from '@/features/auth/api/get-user';
import { CreditsTopUp } from '@/features/credits/components/credits-top-up';
import { recallReturnTo } from '@/features/credits/model/return-to';
import { useCurrentDesignHref } from '../design-flow';

export function CreditsRoute() {
  const { t } = useTranslation();
  const { sessionId } = useParams();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const currentDesignHref = useCurrentDesignHref();
  // After a real provider's page the app has reloaded and holds no design; the tab remembers it.
  const designHref =
    currentDesignHref === hrefFor('design')
      ? (recallReturnTo() ?? currentDesignHref)
      : currentDesignHref;
  // The toolbar reads the user's balance: a checkout's answer updates it without a reload.
  const onBalance = useCallback(
    (balance: number) =>
      queryClient.setQueryData<User>(userQueryKey, (known) =>
        known === undefined ? known : { ...known, available_credits: balance },
      ),
    [queryClient],
  );
  return (
    <PageContainer width="narrow">
      <PageTitle page={t('credits.title')} />
      <CreditsTopUp
        availableCredits={user?.available_credits ?? 0}
        sessionId={sessionId}
        cancelled={search.get('checkout') === 'cancelled'}
        designHref={designHref}
        onBalance={onBalance}
      />
    </PageContainer>
  );
}
