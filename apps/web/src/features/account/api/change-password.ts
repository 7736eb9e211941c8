import type { PasswordChangeInput } from '@roomcraft/contracts';
import { command } from '@/lib/api-client';

/** Needs a recent password confirmation; without one the server answers 423. */
export async function changePassword(input: PasswordChangeInput): Promise<void> {
  await command('PUT', '/auth/user/password', { body: input });
}
