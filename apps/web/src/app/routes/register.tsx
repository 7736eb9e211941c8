import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { RegisterForm } from '@/features/auth/components/register-form';
import { DEFAULT_ROUTE, hrefFor } from '@/config/paths';
import { notify } from '@/lib/notify';

export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle page={t('register.title')} />
      <RegisterForm
        onRegistered={() => {
          notify('positive', t('register.welcome'));
          void navigate(hrefFor(DEFAULT_ROUTE), { replace: true });
        }}
      />
    </>
  );
}
