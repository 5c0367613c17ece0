import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api.js';
import { QUERY_RETRIES } from '../lib/query-client.js';
import { useI18n, type I18n } from '../i18n/i18n.js';
import { en, type MessageKey } from '../i18n/en.js';

/**
 * A read under way. `failures` is the query's failure count: while the client asks a failing server again
 * (QUERY_RETRIES times), the state says so, so a slow "Loading…" is never what a failing server looks like.
 */
export function Loading({ failures = 0 }: { failures?: number }) {
  const { t } = useI18n();
  return (
    <p className={failures > 0 ? 'state state-loading state-retrying' : 'state state-loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />{' '}
      {failures > 0 ? t('state.retrying', { n: failures, max: QUERY_RETRIES }) : t('state.loading')}
    </p>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  return <div className="state state-empty">{children ?? t('state.empty')}</div>;
}

export const isMessageKey = (key: string): key is MessageKey => key in en;

/**
 * What a person reads for a failure: the translated sentence for the codes the dashboard meets (the server's
 * `detail` is English only) with the figures the problem carries, the server's own detail otherwise, and the
 * fields a validation error names.
 */
function errorText(error: unknown, t: I18n['t']): string {
  if (error instanceof ApiError) {
    const code = error.status >= 500 && !isMessageKey(`err.${error.code}`) ? 'internal_error' : error.code;
    const key = `err.${code}`;
    // A refused request says when to come back when the server gave the figure (the problem's facts).
    const wait = code === 'rate_limited' ? error.facts['resetSeconds'] : undefined;
    const lead = typeof wait === 'number' ? t('err.rate_limited.wait', { seconds: wait }) : isMessageKey(key) ? t(key) : error.message;
    const fields = error.errors.map((e) => [e.field, e.message].filter(Boolean).join(': ')).filter(Boolean);
    return fields.length ? `${lead} (${fields.join('; ')})` : lead;
  }
  return error instanceof Error ? error.message : String(error);
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useI18n();
  return (
    <div className="state state-error" role="alert">
      <strong>{t('state.error')}</strong>
      <p>{errorText(error, t)}</p>
      {retry && (
        <button type="button" onClick={retry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}

/** Inline error under a form: announced, never a console error. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {errorText(error, t)}
    </p>
  );
}

/** A 4xx answer (not found, forbidden, invalid) will not change by asking again; a timeout or rate limit may. */
export const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);

/** Loading, error and empty states of one query, then its content. */
export function QueryView<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading failures={query.failureCount} />;
  if (query.isError) return <ErrorState error={query.error} retry={worthRetrying(query.error) ? () => void query.refetch() : undefined} />;
  if (isEmpty?.(query.data)) return <Empty>{empty}</Empty>;
  return <>{children(query.data)}</>;
}
