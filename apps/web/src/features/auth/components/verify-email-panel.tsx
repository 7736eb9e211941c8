import { useState } from 'react';
import { Alert, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hrefFor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { userQueryKey, useUser } from '../api/get-user';
import { resendVerification } from '../api/resend-verification';
import { useCountdown } from '../hooks/use-countdown';
import { formatCountdown } from '../model/countdown';
import { useAuthStore } from '../store/auth-store';

/**
 * The email verification page (spec §2). The emailed link lands here with ?verified=1 or
 * ?error=invalid; a signed-in person can ask for a new link, once per countdown.
 */
export function VerifyEmailPanel() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const inSession = useAuthStore((state) => state.inSession);
  const { data: user } = useUser();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [alreadyVerified, setAlreadyVerified] = useState(false);

  const verified =
    search.get('verified') === '1' || alreadyVerified || Boolean(user?.email_verified_at);
  const linkInvalid = search.get('error') === 'invalid';

  const resend = async () => {
    setSending(true);
    try {
      const result = await resendVerification();
      if (result.outcome === 'already-verified') {
        setAlreadyVerified(true);
        await queryClient.invalidateQueries({ queryKey: userQueryKey });
        return;
      }
      start(result.retryAfter);
      notify(
        result.outcome === 'sent' ? 'positive' : 'info',
        result.outcome === 'sent' ? t('verifyEmail.sent') : t('verifyEmail.recentlySent'),
      );
    } catch (error) {
      // Reported by the client already; the button simply becomes available again.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSending(false);
    }
  };

  if (verified) {
    return (
      <Stack gap="lg" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Title order={1}>{t('verifyEmail.verifiedTitle')}</Title>
        <Text c="dimmed">{t('verifyEmail.verifiedText')}</Text>
        <Button component={Link} to={hrefFor('design')} size="md">
          {t('verifyEmail.startDesigning')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" align="flex-start">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconMail size={30} />
      </ThemeIcon>
      <Title order={1}>{t('verifyEmail.title')}</Title>
      {linkInvalid ? (
        <Alert color="red" variant="light" role="alert" w="100%">
          {t('messages.verificationLinkInvalid')}
        </Alert>
      ) : null}
      {inSession && user ? (
        <>
          <Text c="dimmed">{t('verifyEmail.checkInbox', { email: user.email })}</Text>
          <Text c="dimmed" size="sm">
            {t('verifyEmail.noEmail')}
          </Text>
          <Button
            size="md"
            variant={secondsLeft > 0 ? 'default' : 'filled'}
            disabled={secondsLeft > 0}
            loading={sending}
            onClick={() => void resend()}
          >
            {secondsLeft > 0
              ? t('verifyEmail.verifyAgainIn', { time: formatCountdown(secondsLeft) })
              : t('verifyEmail.resend')}
          </Button>
        </>
      ) : (
        <>
          <Text c="dimmed">{t('verifyEmail.loginToResend')}</Text>
          <Button component={Link} to={hrefFor('login', { next: 'verify.email' })} size="md">
            {t('nav.login')}
          </Button>
        </>
      )}
    </Stack>
  );
}
