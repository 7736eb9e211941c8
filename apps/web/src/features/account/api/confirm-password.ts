import {
  confirmedPasswordStatusSchema,
  dataOf,
  type ConfirmPasswordInput,
} from '@roomcraft/contracts';
import { command, request } from '@/lib/api-client';

export async function confirmPassword(input: ConfirmPasswordInput): Promise<void> {
  await command('POST', '/auth/user/confirm-password', { body: input });
}

/** Whether the password was confirmed recently enough for a sensitive action. */
export async function getConfirmedPasswordStatus(): Promise<boolean> {
  const { data } = await request(
    'GET',
    '/auth/user/confirmed-password-status',
    dataOf(confirmedPasswordStatusSchema),
  );
  return data.confirmed;
}
