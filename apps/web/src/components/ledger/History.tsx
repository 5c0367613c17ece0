import { useI18n } from '../../i18n/i18n.js';
import type { HistoryEntry } from '../../lib/ledger-types.js';
import { Empty } from '../states.js';

/** Every phase and status change with its date (kept by the server in the same transaction as the change). */
export function History({ history }: { history: HistoryEntry[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <section aria-labelledby="history-h" className="card">
      <h2 id="history-h">{t('hist.title')}</h2>
      {history.length === 0 ? (
        <Empty>{t('hist.none')}</Empty>
      ) : (
        <ol className="history" data-testid="history">
          {history.map((h, i) => (
            <li key={`${h.date}-${i}`}>
              <span>{i18n.date(h.date)}</span>
              <strong>{h.phase}</strong>
              <span className={`badge status-${h.status}`}>{t(`status.${h.status}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
