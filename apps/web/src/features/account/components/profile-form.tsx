import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { profileSchema, type User } from '@roomcraft/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormBanner, useFormBanner } from '@/components/ui/form-banner';
import { applyServerErrors } from '@/lib/form-errors';
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
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(profileSchema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name, email: user.email },
  });
  const { bannerProps, showSuccess } = useFormBanner(formState);
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();
      const updated = emailChanged
        ? await gate.run(() => updateProfile(values))
        : await updateProfile(values);
      if (!updated) return;
      onUpdated(updated);
      reset({ first_name: updated.first_name, last_name: updated.last_name, email: updated.email });
      showSuccess(t('account.profileUpdated'));
    } catch (error) {
      applyServerErrors(error, setError);
    }
  });

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormBanner {...bannerProps} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              error={errors.first_name?.message}
              {...register('first_name')}
            />
            <TextInput
              label={t('fields.lastName')}
              autoComplete="family-name"
              error={errors.last_name?.message}
              {...register('last_name')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting}>
              {t('account.saveProfile')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: events bubble through portals, and its submit must stay its own. */}
      <ConfirmPasswordModal {...gate.modalProps} />
    </>
  );
}
