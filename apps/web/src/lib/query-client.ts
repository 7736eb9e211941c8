import { QueryClient } from '@tanstack/react-query';

/** Errors are reported by the API client, so queries neither retry blindly nor report twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
