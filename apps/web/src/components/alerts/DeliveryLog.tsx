import { useQuery } from '@tanstack/react-query';
import { app } from '../../lib/api.js';
import { useI18n } from '../../i18n/i18n.js';
import { QueryView } from '../states.js';
import { MINUTES_MAX } from './AlertRulesPanel.js';

/** The delivery log, newest first; read again every few seconds while something is still on its way. */
export function DeliveryLog() {
  const { t, dateTime, money } = useI18n();
  const channels = useQuery({ queryKey: ['alert-channels'], queryFn: () => app.get('/alert-channels') });
  const deliveries = useQuery({
    queryKey: ['alert-deliveries'],
    queryFn: () => app.get('/alert-deliveries', { limit: 50 }),
    // Reads itself again: every 3 s while something is on its way (a test shows delivered without a reload), else
    // every 15 s, so an alert queued by the service appears too.
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 3000 : 15_000),
  });
  const nameOf = (id: string) => channels.data?.items.find((c) => c.id === id)?.name ?? '—';
  return (
    <QueryView query={deliveries} isEmpty={(d) => d.items.length === 0} empty={t('alerts.log.empty')}>
      {(d) => (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('alerts.log.title')}>
          {/* The shared card-rows layout: a card per delivery on a phone, like every other table of the dashboard. */}
          <table className="card-rows alert-log">
            <thead>
              <tr>
                <th scope="col">{t('alerts.log.when')}</th>
                <th scope="col">{t('alerts.log.channel')}</th>
                <th scope="col">{t('alerts.log.what')}</th>
                <th scope="col">{t('alerts.log.status')}</th>
                <th scope="col">{t('alerts.log.attempts')}</th>
                <th scope="col">{t('alerts.log.lastError')}</th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{dateTime(row.createdAt)}</th>
                  <td data-label={t('alerts.log.channel')}>{nameOf(row.channelId)}</td>
                  <td data-label={t('alerts.log.what')}>
                    {row.rule === null
                      ? t('alerts.log.test')
                      : [
                          // "Daily loss 50 %", the amount and percent left when it fired, and the account.
                          `${t(`alerts.rule.${row.rule}`)}${row.threshold === null ? '' : ` ${row.threshold} ${MINUTES_MAX.has(row.rule) ? 'min' : '%'}`}`,
                          row.amountLeft !== null && row.currency !== null
                            ? t('alerts.log.left', {
                                amount: money(row.amountLeft, row.currency),
                                percent: row.percentLeft === null ? '—' : `${row.percentLeft}%`,
                              })
                            : null,
                          row.accountLabel,
                        ]
                          .filter((part) => part !== null && part !== '')
                          .join(' · ')}
                  </td>
                  <td data-label={t('alerts.log.status')}>
                    <span className={`badge status-${row.status}`}>{t(`alerts.status.${row.status}`)}</span>
                    {row.status === 'pending' && row.nextAttemptAt && row.attempts > 0 ? (
                      <small className="muted"> {t('alerts.log.next', { when: dateTime(row.nextAttemptAt) })}</small>
                    ) : null}
                  </td>
                  <td data-label={t('alerts.log.attempts')}>{row.attempts}</td>
                  <td className="muted" data-label={t('alerts.log.lastError')}>
                    {row.lastError ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryView>
  );
}
