import { QueryClient } from '@tanstack/react-query';

/**
 * The back-office's one cache of server state. Screens read through `useQuery` and mark what a
 * save changed as stale (`invalidateQueries`), so every screen showing it loads it again.
 *
 * A refused or failed answer is shown to the staff member as it came, not retried behind their
 * back: the API answers every request with a typed result, and a retry would repeat a refusal.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
