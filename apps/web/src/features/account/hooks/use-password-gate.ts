import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getConfirmedPasswordStatus } from '../api/confirm-password';

/**
 * Sensitive actions need the password entered again (spec §1, §6). `run` asks for it unless
 * it was confirmed recently, then acts; if the server still says 423, it asks once more.
 * Resolves to undefined when the person cancels.
 */
export function usePasswordGate() {
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);

  const askForPassword = () =>
    new Promise<boolean>((resolve) => {
      setPending(() => resolve);
    });

  const settle = (confirmed: boolean) => {
    pending?.(confirmed);
    setPending(null);
  };

  const run = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (!(await getConfirmedPasswordStatus()) && !(await askForPassword())) return undefined;
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 423)) throw error;
      if (!(await askForPassword())) return undefined;
      return action();
    }
  };

  return {
    run,
    modalProps: {
      opened: pending !== null,
      onConfirmed: () => settle(true),
      onCancel: () => settle(false),
    },
  };
}
