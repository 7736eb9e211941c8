import type { ReactNode } from 'react';
import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** One registered field of a form with its error, as the person fields take it. */
export interface FormField {
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
}

/** The email address field of the login, register, recovery and profile forms. */
export function EmailField({
  field,
  description,
  ...props
}: { field: FormField; description?: ReactNode } & Omit<TextInputProps, 'label' | 'error'>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      description={description}
      error={field.error?.message}
      {...props}
      {...field.registration}
    />
  );
}

/** First and last name side by side (stacked on narrow screens), as register and profile ask. */
export function NameFields({
  first,
  last,
  cols,
}: {
  first: FormField;
  last: FormField;
  cols: { base: number; xs?: number; sm?: number };
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={cols} spacing="md">
      <TextInput
        label={t('fields.firstName')}
        autoComplete="given-name"
        error={first.error?.message}
        {...first.registration}
      />
      <TextInput
        label={t('fields.lastName')}
        autoComplete="family-name"
        error={last.error?.message}
        {...last.registration}
      />
    </SimpleGrid>
  );
}
