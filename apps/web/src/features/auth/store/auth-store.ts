import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_PREFIX } from '@roomcraft/contracts';
import { ApiError } from '@/lib/api-client';

/** The auth state of spec §3. Only inSession outlives the page; the user is server state. */
interface AuthState {
  inSession: boolean;
  loggingIn: boolean;
  registering: boolean;
  resettingPassword: boolean;
  errorMessage: string | null;
  startSession: () => void;
  endSession: () => void;
  resetErrors: () => void;
}

type AuthFlag = 'loggingIn' | 'registering' | 'resettingPassword';

const AUTH_STORAGE_KEY = `${STORAGE_PREFIX}.auth`;

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      inSession: false,
      loggingIn: false,
      registering: false,
      resettingPassword: false,
      errorMessage: null,
      startSession: () => set({ inSession: true }),
      endSession: () => set({ inSession: false }),
      resetErrors: () => set({ errorMessage: null }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ inSession }) => ({ inSession }),
    },
  ),
);

function flagged(flag: AuthFlag, value: boolean): Partial<AuthState> {
  const state: Partial<AuthState> = {};
  state[flag] = value;
  return state;
}

/**
 * Runs an auth action under its busy flag. A failure's message becomes the auth errorMessage
 * shown in the form banner, and the error goes on to the form for its field errors.
 */
export async function runAuthAction<T>(flag: AuthFlag, action: () => Promise<T>): Promise<T> {
  useAuthStore.setState({ ...flagged(flag, true), errorMessage: null });
  try {
    return await action();
  } catch (error) {
    if (error instanceof ApiError) useAuthStore.setState({ errorMessage: error.message });
    throw error;
  } finally {
    useAuthStore.setState(flagged(flag, false));
  }
}
