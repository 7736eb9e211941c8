import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { confirmPasswordSchema } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/components/ui/schema-form';
import { confirmPassword } from '../api/confirm-password';

interface ConfirmPasswordModalProps {
  opened: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** "Enter your password to continue" (spec §1): the step before a sensitive action. */
export function ConfirmPasswordModal({ opened, onConfirmed, onCancel }: ConfirmPasswordModalProps) {
  const { t } = useTranslation();
  const { register, submit, reset, formState } = useSchemaForm({
    schema: confirmPasswordSchema,
    defaultValues: { password: '' },
    onSubmit: async (values) => {
      await confirmPassword(values);
      reset();
      onConfirmed();
    },
  });

  const cancel = () => {
    reset();
    onCancel();
  };

  return (
    <Modal opened={opened} onClose={cancel} title={t('messages.passwordConfirmationRequired')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('account.confirmPasswordText')}
          </Text>
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            data-autofocus
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
