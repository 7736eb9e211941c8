import { dataOf, globalConfigSchema, type GlobalConfig } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';

export async function getGlobalConfig(): Promise<GlobalConfig> {
  // The full-screen loader is the indicator while the config loads.
  const { data } = await request('GET', '/config', dataOf(globalConfigSchema), { silent: true });
  return data;
}
