import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { resolveLoginTarget } from '../navigation';

export function LoginRoute() {
  const { t } = useTranslation();
  const { next, id } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle page={t('login.title')} />
      <LoginForm
        onLoggedIn={() => {
          const target = resolveLoginTarget(next, id);
          if (target !== null) void navigate(target, { replace: true });
        }}
      />
    </>
  );
}
