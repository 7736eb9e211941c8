import { create } from 'zustand';
import type { GlobalConfig } from '@roomcraft/contracts';
import { getGlobalConfig } from '../api/get-global-config';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The global config of spec §3: read once, kept for the life of the page. */
interface GlobalConfigState {
  config: GlobalConfig | null;
  status: LoadStatus;
  load: () => Promise<void>;
}

export const useGlobalConfigStore = create<GlobalConfigState>()((set, get) => ({
  config: null,
  status: 'idle',
  load: async () => {
    if (get().status === 'loading' || get().status === 'ready') return;
    set({ status: 'loading' });
    try {
      set({ config: await getGlobalConfig(), status: 'ready' });
    } catch {
      // The client has reported why; the app offers a retry.
      set({ status: 'failed' });
    }
  },
}));
