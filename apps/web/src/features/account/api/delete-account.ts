import { command } from '@/lib/api-client';

/** Needs a recent password confirmation; without one the server answers 423. */
export async function deleteAccount(): Promise<void> {
  await command('DELETE', '/auth/user');
}
