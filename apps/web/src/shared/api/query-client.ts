/**
 * The one TanStack Query client of the app. It lives in shared so logout can drop every cached
 * answer of the previous account.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying cannot fix a refused or invalid request; only network trouble and 5xx are retried.
      retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.kind !== 'http' || error.status >= 500),
    },
    mutations: { retry: false },
  },
});
