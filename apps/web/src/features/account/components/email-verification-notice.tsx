import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefFor } from '@/config/paths';

/** Shown on the account page while the email address is not verified. */
export function EmailVerificationNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="lg"
      icon={<IconMailExclamation size={22} />}
      title={t('account.unverifiedTitle')}
    >
      <Group justify="space-between" gap="md">
        <Text size="sm">{t('account.unverifiedText')}</Text>
        <Button component={Link} to={hrefFor('verify.email')} size="xs" color="yellow.8">
          {t('account.verifyEmail')}
        </Button>
      </Group>
    </Alert>
  );
}
