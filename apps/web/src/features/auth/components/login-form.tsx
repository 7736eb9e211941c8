import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { loginSchema } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField } from '@/components/ui/person-fields';
import { SchemaForm, useSchemaForm } from '@/components/ui/schema-form';
import { hrefFor } from '@/config/paths';
import { useLogin } from '../api/login';
import { useAuthStore } from '../store/auth-store';
import { AuthHeading } from './auth-heading';

/** Log in (spec §2): email and password, a way to sign up and a way to recover a password. */
export function LoginForm({
  onLoggedIn,
  notice = null,
}: {
  onLoggedIn: () => void;
  /** Why the person was sent here, e.g. "Login to continue". */
  notice?: string | null;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const loggingIn = useAuthStore((state) => state.loggingIn);
  const errorMessage = useAuthStore((state) => state.errorMessage);
  const resetErrors = useAuthStore((state) => state.resetErrors);
  const form = useSchemaForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    onSubmit: async (values) => {
      if (await login(values)) onLoggedIn();
    },
    bannerError: errorMessage,
    onDismissError: resetErrors,
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <Stack gap="xl">
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      {notice === null ? null : (
        <Alert variant="light" color="clay" radius="md" icon={<IconLogin2 size={20} />}>
          {notice}
        </Alert>
      )}
      <SchemaForm form={form}>
        <EmailField field={{ registration: register('email'), error: errors.email }} />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={hrefFor('recover.password')} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={loggingIn}>
          {t('login.submit')}
        </Button>
      </SchemaForm>
      <Text ta="center" size="sm" c="dimmed">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to={hrefFor('register')} fw={600}>
          {t('login.signUp')}
        </Anchor>
      </Text>
    </Stack>
  );
}
