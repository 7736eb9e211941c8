import { Anchor, Button, Checkbox, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, registerSchema } from '@roomcraft/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField, NameFields } from '@/components/ui/person-fields';
import { SchemaForm, useSchemaForm } from '@/components/ui/schema-form';
import { hrefFor, PRIVACY_URL, TERMS_URL } from '@/config/paths';
import { useIsRegisterMobile } from '@/hooks/use-screen';
import { useRegister } from '../api/register';
import { useAuthStore } from '../store/auth-store';
import { AuthHeading } from './auth-heading';

/** Create new account (spec §2). On success the person is in session. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsRegisterMobile();
  const registerAccount = useRegister();
  const registering = useAuthStore((state) => state.registering);
  const errorMessage = useAuthStore((state) => state.errorMessage);
  const resetErrors = useAuthStore((state) => state.resetErrors);
  const form = useSchemaForm({
    schema: registerSchema,
    defaultValues: { email: '', first_name: '', last_name: '', password: '', terms: false },
    onSubmit: async (values) => {
      if (await registerAccount(values)) onRegistered();
    },
    bannerError: errorMessage,
    onDismissError: resetErrors,
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <Stack gap="xl">
      <AuthHeading
        eyebrow={isMobile ? null : t('register.startForFree')}
        title={t('register.title')}
        subtitle={t('register.subtitle')}
      />
      <SchemaForm form={form}>
        <EmailField field={{ registration: register('email'), error: errors.email }} />
        <NameFields
          cols={{ base: 1, xs: 2 }}
          first={{ registration: register('first_name'), error: errors.first_name }}
          last={{ registration: register('last_name'), error: errors.last_name }}
        />
        <PasswordInput
          label={t('fields.password')}
          description={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Checkbox
          {...register('terms')}
          error={errors.terms?.message}
          data-invalid={errors.terms ? true : undefined}
          // Spec §5: the label itself turns red when the terms are not ticked on submit.
          styles={{ label: errors.terms ? { color: 'var(--mantine-color-error)' } : undefined }}
          label={
            <Trans
              i18nKey="register.terms"
              components={{
                terms: <Anchor href={TERMS_URL} target="_blank" rel="noopener" inherit />,
                privacy: <Anchor href={PRIVACY_URL} target="_blank" rel="noopener" inherit />,
              }}
            />
          }
        />
        <Button type="submit" size="md" fullWidth loading={registering}>
          {t('register.submit')}
        </Button>
      </SchemaForm>
      <Text ta="center" size="sm">
        <Anchor component={Link} to={hrefFor('login')} fw={600}>
          {t('register.alreadyMember')}
        </Anchor>
      </Text>
    </Stack>
  );
}
