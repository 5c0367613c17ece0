import { Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useSession } from '../lib/session.js';
import { ErrorState } from './states.js';

/**
 * The signed-in pages. When the session cannot even be read (server stopped or failing), they show the
 * app's own error with a retry inside the layout, instead of the router's bare English fallback.
 */
export function AuthedOutlet() {
  const session = useSession();
  const router = useRouter();
  if (session.isError) return <ErrorState error={session.error} retry={() => void session.refetch().then(() => router.invalidate())} />;
  return <Outlet />;
}

/** Anything else a route throws (a code-split page that failed to load): the same error state, translated. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <ErrorState
      error={error}
      retry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
