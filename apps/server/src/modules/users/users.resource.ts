import type { User } from '@roomcraft/contracts';
import type { UserRow } from '../../db/schema';

/** What a user may see of their own row: never the password hash. */
export const toUserResource = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  avatar: row.avatar,
  available_credits: row.available_credits,
  email_verified_at: row.email_verified_at,
  created_at: row.created_at,
});
