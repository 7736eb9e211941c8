import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container';
import { PageTitle } from '@/components/ui/page-title';
import { AccountSection } from '@/features/account/components/account-section';
import { DeleteAccount } from '@/features/account/components/delete-account';
import { EmailVerificationNotice } from '@/features/account/components/email-verification-notice';
import { PasswordChangeForm } from '@/features/account/components/password-change-form';
import { ProfileForm } from '@/features/account/components/profile-form';
import { userQueryKey, useUser } from '@/features/auth/api/get-user';
import { useLeaveSession } from '@/features/auth/api/logout';
import { resetUserStores } from '../design-flow';

export function AccountProfileRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const leaveSession = useLeaveSession(resetUserStores);
  const { data: user } = useUser();

  return (
    <PageContainer width="narrow">
      <PageTitle page={t('account.title')} />
      <Stack gap="xl">
        <Title order={1}>{t('account.title')}</Title>
        {/* The root layout holds guarded pages until the user has loaded. */}
        {user ? (
          <>
            {user.email_verified_at === null ? <EmailVerificationNotice /> : null}
            <AccountSection
              title={t('account.profileTitle')}
              description={t('account.profileText')}
            >
              <ProfileForm
                user={user}
                onUpdated={(updated) => queryClient.setQueryData(userQueryKey, updated)}
              />
            </AccountSection>
            <AccountSection
              title={t('account.passwordTitle')}
              description={t('account.passwordText')}
            >
              <PasswordChangeForm />
            </AccountSection>
            <AccountSection title={t('account.deleteTitle')} description={t('account.deleteText')}>
              <DeleteAccount onDeleted={leaveSession} />
            </AccountSection>
          </>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
