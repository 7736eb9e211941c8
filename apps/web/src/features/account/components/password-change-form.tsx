import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, passwordChangeSchema } from '@roomcraft/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormBanner, useFormBanner } from '@/components/ui/form-banner';
import { applyServerErrors } from '@/lib/form-errors';
import { changePassword } from '../api/change-password';
import { usePasswordGate } from '../hooks/use-password-gate';
import { ConfirmPasswordModal } from './confirm-password-modal';

/** Changing the password: a new one, after the current one is confirmed (spec §1). */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const gate = usePasswordGate();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: '' },
  });
  const { bannerProps, showSuccess } = useFormBanner(formState);

  const submit = handleSubmit(async (values) => {
    try {
      const changed = await gate.run(async () => {
        await changePassword(values);
        return true;
      });
      if (!changed) return;
      reset();
      showSuccess(t('account.passwordChanged'));
    } catch (error) {
      applyServerErrors(error, setError);
    }
  });

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormBanner {...bannerProps} />
          <PasswordInput
            label={t('fields.newPassword')}
            description={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting}>
              {t('account.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: events bubble through portals, and its submit must stay its own. */}
      <ConfirmPasswordModal {...gate.modalProps} />
    </>
  );
}
