import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a 422 answer's field errors onto the form's fields. Any other API failure has already
 * been reported by the client; anything that is not an API failure is a bug and is rethrown.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError)) throw error;
  for (const [field, fieldMessages] of Object.entries(error.errors ?? {})) {
    const [message] = fieldMessages;
    if (message !== undefined) setError(field as Path<T>, { type: 'server', message });
  }
}
