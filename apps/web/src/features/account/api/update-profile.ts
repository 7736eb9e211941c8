import { dataOf, userSchema, type ProfileInput, type User } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';

export async function updateProfile(input: ProfileInput): Promise<User> {
  const { data } = await request('PUT', '/auth/user/profile', dataOf(userSchema), { body: input });
  return data;
}
