import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, app, setCsrfToken } from './api.js';
import type { Session } from './types.js';

export const ME_KEY = ['me'] as const;

/** The signed-in user, or null when there is no session (401 is an answer here, not an error). */
export function useSession() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async (): Promise<Session | null> => {
      try {
        const session = await app.get<Session>('/me');
        setCsrfToken(session.csrfToken);
        return session;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          setCsrfToken(null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** Stores a fresh session from sign-in, sign-up or setup, dropping any data cached for someone else. */
export function useAcceptSession() {
  const client = useQueryClient();
  return (session: Session) => {
    setCsrfToken(session.csrfToken);
    client.clear();
    client.setQueryData(ME_KEY, session);
  };
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) => app.post<void>(everywhere ? '/auth/sign-out-everywhere' : '/auth/sign-out'),
    onSettled: () => {
      setCsrfToken(null);
      client.clear();
      client.setQueryData(ME_KEY, null);
    },
  });
}
