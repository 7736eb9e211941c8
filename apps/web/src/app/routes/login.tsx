import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { resolveLoginTarget } from '../navigation';

export function LoginRoute() {
  const { t } = useTranslation();
  const { next, id } = useParams();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  // Set by the design flow when a guest's Next needs an account first.
  const toContinue =
    typeof state === 'object' &&
    state !== null &&
    'loginToContinue' in state &&
    state.loginToContinue === true;
  return (
    <>
      <PageTitle page={t('login.title')} />
      <LoginForm
        notice={toContinue ? t('login.toContinue') : null}
        onLoggedIn={() => {
          const target = resolveLoginTarget(next, id);
          if (target !== null) void navigate(target, { replace: true });
        }}
      />
    </>
  );
}
