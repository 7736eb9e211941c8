import { Button, Group, PasswordInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, passwordChangeSchema } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { SchemaForm, useSchemaForm } from '@/components/ui/schema-form';
import { changePassword } from '../api/change-password';
import { usePasswordGate } from '../hooks/use-password-gate';
import { ConfirmPasswordModal } from './confirm-password-modal';

/** Changing the password: a new one, after the current one is confirmed (spec §1). */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const gate = usePasswordGate();
  const form = useSchemaForm({
    schema: passwordChangeSchema,
    defaultValues: { password: '' },
    onSubmit: async (values) => {
      const changed = await gate.run(async () => {
        await changePassword(values);
        return true;
      });
      if (!changed) return;
      form.reset();
      form.showSuccess(t('account.passwordChanged'));
    },
  });
  const { register, formState } = form;

  return (
    <>
      <SchemaForm form={form}>
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
      </SchemaForm>
      {/* Outside the form: events bubble through portals, and its submit must stay its own. */}
      <ConfirmPasswordModal {...gate.modalProps} />
    </>
  );
}
