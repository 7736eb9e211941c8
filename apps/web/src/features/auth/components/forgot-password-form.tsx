import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordSchema } from '@roomcraft/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormBanner, useFormBanner } from '@/components/ui/form-banner';
import { hrefFor } from '@/config/paths';
import { applyServerErrors } from '@/lib/form-errors';
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
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { bannerProps } = useFormBanner(formState, errorMessage, resetErrors);

  const submit = handleSubmit(async (values) => {
    try {
      if (await forgotPassword(values)) onSent(values.email);
    } catch (error) {
      applyServerErrors(error, setError);
    }
  });

  return (
    <Stack gap="xl">
      <AuthHeading title={t('recoverPassword.title')} subtitle={t('recoverPassword.subtitle')} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormBanner {...bannerProps} />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="md" fullWidth loading={resettingPassword}>
            {t('recoverPassword.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component={Link} to={hrefFor('login')} fw={600}>
          {t('recoverPassword.rememberPassword')}
        </Anchor>
      </Text>
    </Stack>
  );
}
