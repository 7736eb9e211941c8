import { useState } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface FormBannerProps {
  error: string | null;
  success: string | null;
  onClose: () => void;
}

/** Spec §4: red for errors, green when a success message is given, and closable. */
export function FormBanner({ error, success, onClose }: FormBannerProps) {
  const { t } = useTranslation();
  const message = error ?? success;
  if (message === null) return null;
  const isError = error !== null;
  return (
    <Alert
      color={isError ? 'red' : 'teal'}
      variant="light"
      radius="md"
      icon={isError ? <IconAlertCircle size={20} /> : <IconCircleCheck size={20} />}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      role={isError ? 'alert' : 'status'}
      data-kind={isError ? 'error' : 'success'}
    >
      {message}
    </Alert>
  );
}

interface BannerFormState<T extends FieldValues> {
  submitCount: number;
  errors: FieldErrors<T>;
}

/**
 * The banner of one form. Errors show as the given message (e.g. the auth errorMessage) or
 * "Some fields have errors"; closing hides them until the next submit. A success message
 * shows until closed or replaced by an error.
 */
export function useFormBanner<T extends FieldValues>(
  { submitCount, errors }: BannerFormState<T>,
  errorMessage: string | null = null,
  onDismissError?: () => void,
) {
  const { t } = useTranslation();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const hasFieldErrors = Object.keys(errors).length > 0;
  const error =
    dismissedAt === submitCount
      ? null
      : (errorMessage ?? (hasFieldErrors ? t('messages.validationFailed') : null));

  return {
    bannerProps: {
      error,
      success: error === null ? success : null,
      onClose: () => {
        setDismissedAt(submitCount);
        setSuccess(null);
        onDismissError?.();
      },
    } satisfies FormBannerProps,
    showSuccess: setSuccess,
  };
}
