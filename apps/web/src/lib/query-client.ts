import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.js';

/** How many times a failed read is asked again before its error shows (the loading state counts them aloud). */
export const QUERY_RETRIES = 2;

/**
 * Short waits between the tries (0.5 s, then 1 s; `failures` counts the failures before this one, from 0): a
 * server that is down shows its error with a retry button within about two seconds, instead of "Loading…" for
 * the library's default 1 s + 2 s of backoff.
 */
const retryDelay = (failures: number) => Math.min(500 * 2 ** failures, 4000);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A problem answer (4xx) will not change by asking again; network hiccups may.
      retry: (count, error) => count < QUERY_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      retryDelay,
      refetchOnWindowFocus: false,
    },
  },
});
