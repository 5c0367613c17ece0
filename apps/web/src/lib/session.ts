import { QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, app, setCsrfToken } from './api.js';
import type { Session } from './types.js';

export const ME_KEY = ['me'] as const;

/** The signed-in user, or null when there is no session (GET /me answers `{ signedIn: false }`). */
export const sessionQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async (): Promise<Session | null> => {
    try {
      const answer = await app.get('/me');
      if (!answer.signedIn) {
        setCsrfToken(null);
        return null;
      }
      setCsrfToken(answer.csrfToken);
      return answer;
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

export const useSession = () => useQuery(sessionQuery);

/** Forgets every cached record (they may be someone else's) but keeps the session query its observers watch. */
function dropOthers(client: QueryClient) {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
}

/** Stores a fresh session from sign-in, sign-up or setup, dropping any data cached for someone else. */
export function useAcceptSession() {
  const client = useQueryClient();
  return (session: Session) => {
    setCsrfToken(session.csrfToken);
    dropOthers(client);
    client.setQueryData(ME_KEY, session);
  };
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) => app.post(everywhere ? '/auth/sign-out-everywhere' : '/auth/sign-out'),
    onSettled: () => {
      setCsrfToken(null);
      dropOthers(client);
      client.setQueryData(ME_KEY, null);
    },
  });
}
