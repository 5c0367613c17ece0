import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from './lib/query-client.js';
import { ApiError } from './lib/api.js';
import { ME_KEY } from './lib/session.js';
import { I18nProvider } from './i18n/i18n.js';
import { router } from './router.js';
import './styles.css';

// A session that ended elsewhere (signed out everywhere, expired, user disabled): back to sign-in.
queryClient.getQueryCache().subscribe((event) => {
  const error: unknown = event.type === 'updated' ? event.query.state.error : null;
  if (error instanceof ApiError && error.code === 'session_required' && (event.query.queryKey as QueryKey)[0] !== ME_KEY[0]) {
    queryClient.setQueryData(ME_KEY, null);
    void router.navigate({ to: '/sign-in', search: { next: window.location.pathname + window.location.search } });
  }
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);

// Offline, a page not visited yet opens the app (and its offline state) from the service worker's copy.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
