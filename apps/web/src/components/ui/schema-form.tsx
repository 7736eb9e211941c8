import type { BaseSyntheticEvent, ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '@/lib/form-errors';
import { FormBanner, useFormBanner } from './form-banner';

interface SchemaFormOptions<Input extends FieldValues, Output extends FieldValues> {
  /** The shared contracts schema: the form checks what the server checks (ARCHITECTURE §3). */
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** Sends the checked values; a 422 answer's field errors land on the fields. */
  onSubmit: (values: Output) => Promise<void>;
  /**
   * The banner's error in place of "Some fields have errors" (e.g. the auth store's message), or
   * how to read it from the fields' errors.
   */
  bannerError?: string | null | ((errors: FieldErrors<Input>) => string | null);
  /** Closing the banner also clears where `bannerError` came from. */
  onDismissError?: () => void;
}

export type SchemaFormApi<Input extends FieldValues, Output extends FieldValues> = UseFormReturn<
  Input,
  unknown,
  Output
> & {
  /** The form's submit handler (validation, then `onSubmit`, then server field errors). */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  bannerProps: ReturnType<typeof useFormBanner>['bannerProps'];
  /** Shows a success message in the banner (e.g. "Profile updated"). */
  showSuccess: (message: string | null) => void;
};

/**
 * One form of the app: react-hook-form with the zod resolver on a shared schema, its banner
 * (spec §4) and a submit that puts the server's field errors on the fields.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  bannerError = null,
  onDismissError,
}: SchemaFormOptions<Input, Output>): SchemaFormApi<Input, Output> {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const message =
    typeof bannerError === 'function' ? bannerError(form.formState.errors) : bannerError;
  const { bannerProps, showSuccess } = useFormBanner(form.formState, message, onDismissError);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  return { ...form, submit, bannerProps, showSuccess };
}

/** The form element: no browser validation, its banner first, then the fields. */
export function SchemaForm<Input extends FieldValues, Output extends FieldValues>({
  form,
  children,
}: {
  form: SchemaFormApi<Input, Output>;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(event) => void form.submit(event)}>
      <Stack gap="md">
        <FormBanner {...form.bannerProps} />
        {children}
      </Stack>
    </form>
  );
}
