import { Link } from '@tanstack/react-router';
import { useI18n } from '../../i18n/i18n.js';
import type { FirmRow, RefundDue } from '../../lib/ledger-types.js';
import { Empty } from '../states.js';
import { days, ratio, roi } from './format.js';
import { useChallengeLabel } from '../../lib/challenge-labels.js';

/** One row per firm and currency: money first, then the attempt figures (shown once per firm). */
export function FirmTable({ firms }: { firms: FirmRow[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (firms.length === 0) return null;
  return (
    <section aria-labelledby="an-firms">
      <h2 id="an-firms">{t('an.firms')}</h2>
      <div className="table-wrap">
        <table data-testid="firms" className="wrap-head card-rows">
          <thead>
            <tr>
              <th scope="col">{t('an.firm')}</th>
              <th scope="col" className="num">
                {t('an.spent')}
              </th>
              <th scope="col" className="num">
                {t('an.withdrawn')}
              </th>
              <th scope="col" className="num">
                {t('an.net')}
              </th>
              <th scope="col" className="num">
                {t('an.roi')}
              </th>
              <th scope="col" className="num">
                {t('an.attempts')}
              </th>
              <th scope="col" className="num">
                {t('an.passRate')}
              </th>
              <th scope="col" className="num">
                {t('an.medianDays')}
              </th>
              <th scope="col" className="num">
                {t('an.daysSincePayout')}
              </th>
              <th scope="col" className="num">
                {t('an.avgDaysBetween')}
              </th>
            </tr>
          </thead>
          <tbody>
            {firms.flatMap((f) => {
              const money = f.money.length ? f.money : [null];
              return money.map((m, i) => (
                <tr key={`${f.firm}-${m?.currency ?? ''}`} data-testid={`firm-${f.firm}${m ? `-${m.currency}` : ''}`}>
                  {i === 0 && (
                    <th scope="row" rowSpan={money.length}>
                      {f.firm}
                    </th>
                  )}
                  <td data-label={t('an.spent')} className="num">
                    {m ? i18n.money(m.spent, m.currency) : t('common.none')}
                  </td>
                  <td data-label={t('an.withdrawn')} className="num">
                    {m ? i18n.money(m.withdrawn, m.currency) : t('common.none')}
                  </td>
                  <td data-label={t('an.net')} className={`num${m && m.net < 0 ? ' neg' : ''}`}>
                    {m ? i18n.money(m.net, m.currency) : t('common.none')}
                  </td>
                  <td data-label={t('an.roi')} className="num">
                    {m ? roi(i18n, m.roi) : t('common.none')}
                  </td>
                  {i === 0 && (
                    <>
                      <td data-label={t('an.attempts')} className="num" rowSpan={money.length}>
                        {f.attempts}
                      </td>
                      <td data-label={t('an.passRate')} className="num" rowSpan={money.length}>
                        {ratio(i18n, f.passRate)}
                      </td>
                      <td data-label={t('an.medianDays')} className="num" rowSpan={money.length}>
                        {days(i18n, f.medianDaysToPass)}
                      </td>
                      <td data-label={t('an.daysSincePayout')} className="num" rowSpan={money.length}>
                        {days(i18n, f.daysSinceLastPayout)}
                      </td>
                      <td data-label={t('an.avgDaysBetween')} className="num" rowSpan={money.length}>
                        {days(i18n, f.avgDaysBetweenPayouts)}
                      </td>
                    </>
                  )}
                </tr>
              ));
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function RefundsDue({ due }: { due: RefundDue[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const label = useChallengeLabel();
  return (
    <section className="card" aria-labelledby="an-due">
      <h2 id="an-due">{t('an.refundsDue')}</h2>
      {due.length === 0 ? (
        <Empty>{t('an.noRefundsDue')}</Empty>
      ) : (
        <ul className="list" data-testid="refunds-due">
          {due.map((d) => (
            <li key={d.challengeId}>
              <Link to="/challenges/$id" params={{ id: d.challengeId }}>
                {label(d)}
              </Link>
              <strong>{i18n.money(d.amount, d.currency)}</strong>
              <span className="muted">{TRIGGERS.has(d.trigger) ? t(`trigger.${d.trigger as 'first_payout'}`) : d.trigger}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
const TRIGGERS = new Set(['first_payout', 'third_payout', 'after_passing']);
