import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { SchemaForm, useSchemaForm } from '@/components/ui/schema-form';
import { useResetPassword } from '../api/reset-password';
import { useAuthStore } from '../store/auth-store';
import { AuthHeading } from './auth-heading';

interface ResetPasswordFormProps {
  email: string;
  token: string;
  onReset: () => void;
}

/** Recover password, reset mode (spec §2): the emailed address, read-only, and a new password. */
export function ResetPasswordForm({ email, token, onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const resetPassword = useResetPassword();
  const resettingPassword = useAuthStore((state) => state.resettingPassword);
  const errorMessage = useAuthStore((state) => state.errorMessage);
  const resetErrors = useAuthStore((state) => state.resetErrors);
  const form = useSchemaForm({
    schema: resetPasswordSchema,
    defaultValues: { email, token, password: '' },
    onSubmit: async (values) => {
      if (await resetPassword(values)) onReset();
    },
    // The token and the emailed address come from the link and cannot be edited, so what the
    // server says about them (an invalid or expired link) is the banner's message.
    bannerError: (errors) => errors.token?.message ?? errors.email?.message ?? errorMessage,
    onDismissError: resetErrors,
  });
  const { register, formState } = form;

  return (
    <Stack gap="xl">
      <AuthHeading title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')} />
      <SchemaForm form={form}>
        <TextInput
          label={t('fields.email')}
          type="email"
          readOnly
          variant="filled"
          {...register('email')}
        />
        <PasswordInput
          label={t('fields.newPassword')}
          description={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" size="md" fullWidth loading={resettingPassword}>
          {t('resetPassword.submit')}
        </Button>
      </SchemaForm>
    </Stack>
  );
}
