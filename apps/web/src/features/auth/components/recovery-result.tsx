import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefFor } from '@/config/paths';

type RecoveryResultProps = { outcome: 'sent'; email: string } | { outcome: 'completed' };

/** The two result screens of password recovery (spec §2). */
export function RecoveryResult(props: RecoveryResultProps) {
  const { t } = useTranslation();
  const sent = props.outcome === 'sent';
  return (
    <Stack gap="lg" align="flex-start">
      <ThemeIcon size={56} radius="xl" variant="light" color={sent ? 'clay' : 'teal'} aria-hidden>
        {sent ? <IconMailCheck size={30} /> : <IconShieldCheck size={30} />}
      </ThemeIcon>
      <Title order={1}>
        {sent ? t('recoverPassword.sentTitle') : t('resetPassword.doneTitle')}
      </Title>
      <Text c="dimmed">
        {props.outcome === 'sent'
          ? t('recoverPassword.sentText', { email: props.email })
          : t('resetPassword.doneText')}
      </Text>
      <Button component={Link} to={hrefFor('login')} size="md">
        {sent ? t('recoverPassword.returnToLogin') : t('resetPassword.loginToContinue')}
      </Button>
    </Stack>
  );
}
