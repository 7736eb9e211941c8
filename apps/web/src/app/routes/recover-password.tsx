import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { RecoveryResult } from '@/features/auth/components/recovery-result';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

type Outcome = { outcome: 'sent'; email: string } | { outcome: 'completed' };

/** Recover password (spec §2): reset mode when the query carries email and token. */
export function RecoverPasswordRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [result, setResult] = useState<Outcome | null>(null);
  const email = search.get('email');
  const token = search.get('token');

  let page;
  if (result !== null) page = <RecoveryResult {...result} />;
  else if (email && token) {
    page = (
      <ResetPasswordForm
        email={email}
        token={token}
        onReset={() => setResult({ outcome: 'completed' })}
      />
    );
  } else {
    page = (
      <ForgotPasswordForm onSent={(sentTo) => setResult({ outcome: 'sent', email: sentTo })} />
    );
  }

  return (
    <>
      <PageTitle page={t('recoverPassword.title')} />
      {page}
    </>
  );
}
