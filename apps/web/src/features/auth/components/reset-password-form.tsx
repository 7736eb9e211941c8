import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '@roomcraft/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormBanner, useFormBanner } from '@/components/ui/form-banner';
import { applyServerErrors } from '@/lib/form-errors';
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
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email, token, password: '' },
  });
  // The token and the emailed address come from the link and cannot be edited, so what the
  // server says about them (an invalid or expired link) is the banner's message.
  const linkError = formState.errors.token?.message ?? formState.errors.email?.message ?? null;
  const { bannerProps } = useFormBanner(formState, linkError ?? errorMessage, resetErrors);

  const submit = handleSubmit(async (values) => {
    try {
      if (await resetPassword(values)) onReset();
    } catch (error) {
      applyServerErrors(error, setError);
    }
  });

  return (
    <Stack gap="xl">
      <AuthHeading title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormBanner {...bannerProps} />
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
        </Stack>
      </form>
    </Stack>
  );
}
