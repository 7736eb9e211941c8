import { Badge, Button, Group } from '@mantine/core';
import { IconCircleCheck, IconMailExclamation } from '@tabler/icons-react';
import { profileSchema, type User } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { EmailField, NameFields } from '@/components/ui/person-fields';
import { SchemaForm, useSchemaForm } from '@/components/ui/schema-form';
import { updateProfile } from '../api/update-profile';
import { usePasswordGate } from '../hooks/use-password-gate';
import { ConfirmPasswordModal } from './confirm-password-modal';

interface ProfileFormProps {
  user: User;
  onUpdated: (user: User) => void;
}

/**
 * First name, last name and email; saving shows "Profile updated" (spec §4). A new email
 * address needs the password confirmed first, like a new password.
 */
export function ProfileForm({ user, onUpdated }: ProfileFormProps) {
  const { t } = useTranslation();
  const gate = usePasswordGate();
  const form = useSchemaForm({
    schema: profileSchema,
    defaultValues: { first_name: user.first_name, last_name: user.last_name, email: user.email },
    onSubmit: async (values) => {
      const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();
      const updated = emailChanged
        ? await gate.run(() => updateProfile(values))
        : await updateProfile(values);
      if (!updated) return;
      onUpdated(updated);
      form.reset({
        first_name: updated.first_name,
        last_name: updated.last_name,
        email: updated.email,
      });
      form.showSuccess(t('account.profileUpdated'));
    },
  });
  const { register, formState } = form;
  const { errors } = formState;

  return (
    <>
      <SchemaForm form={form}>
        <NameFields
          cols={{ base: 1, sm: 2 }}
          first={{ registration: register('first_name'), error: errors.first_name }}
          last={{ registration: register('last_name'), error: errors.last_name }}
        />
        <EmailField
          field={{ registration: register('email'), error: errors.email }}
          description={
            // Whether the address is verified, beside the address itself.
            <Badge
              component="span"
              variant="light"
              color={user.email_verified_at === null ? 'yellow' : 'teal'}
              size="sm"
              mt={2}
              leftSection={
                user.email_verified_at === null ? (
                  <IconMailExclamation size={12} />
                ) : (
                  <IconCircleCheck size={12} />
                )
              }
            >
              {user.email_verified_at === null
                ? t('account.emailUnverified')
                : t('account.emailVerified')}
            </Badge>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {t('account.saveProfile')}
          </Button>
        </Group>
      </SchemaForm>
      {/* Outside the form: events bubble through portals, and its submit must stay its own. */}
      <ConfirmPasswordModal {...gate.modalProps} />
    </>
  );
}
