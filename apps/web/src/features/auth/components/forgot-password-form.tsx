import { Anchor, Button, Stack, Text } from '@mantine/core';
import { forgotPasswordSchema } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField } from '@/components/ui/person-fields';
import { SchemaForm, useSchemaForm } from '@/components/ui/schema-form';
import { hrefFor } from '@/config/paths';
import { useForgotPassword } from '../api/forgot-password';
import { useAuthStore } from '../store/auth-store';
import { AuthHeading } from './auth-heading';

/** Recover password, request mode (spec §2): asks where to send the recovery link. */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const forgotPassword = useForgotPassword();
  const resettingPassword = useAuthStore((state) => state.resettingPassword);
  const errorMessage = useAuthStore((state) => state.errorMessage);
  const resetErrors = useAuthStore((state) => state.resetErrors);
  const form = useSchemaForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    onSubmit: async (values) => {
      if (await forgotPassword(values)) onSent(values.email);
    },
    bannerError: errorMessage,
    onDismissError: resetErrors,
  });

  return (
    <Stack gap="xl">
      <AuthHeading title={t('recoverPassword.title')} subtitle={t('recoverPassword.subtitle')} />
      <SchemaForm form={form}>
        <EmailField
          field={{ registration: form.register('email'), error: form.formState.errors.email }}
        />
        <Button type="submit" size="md" fullWidth loading={resettingPassword}>
          {t('recoverPassword.submit')}
        </Button>
      </SchemaForm>
      <Text ta="center" size="sm">
        <Anchor component={Link} to={hrefFor('login')} fw={600}>
          {t('recoverPassword.rememberPassword')}
        </Anchor>
      </Text>
    </Stack>
  );
}
