import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api.js';
import { useI18n } from '../i18n/i18n.js';

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {t('state.loading')}
    </p>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  return <div className="state state-empty">{children ?? t('state.empty')}</div>;
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.errors.map((e) => [e.field, e.message].filter(Boolean).join(': ')).filter(Boolean);
    return fields.length ? `${error.message} (${fields.join('; ')})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useI18n();
  return (
    <div className="state state-error" role="alert">
      <strong>{t('state.error')}</strong>
      <p>{errorText(error)}</p>
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
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {errorText(error)}
    </p>
  );
}

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
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <Empty>{empty}</Empty>;
  return <>{children(query.data)}</>;
}
