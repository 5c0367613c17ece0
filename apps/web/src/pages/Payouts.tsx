import { useNavigate, useSearch, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { app } from '../lib/api.js';
import { allPages, todayIso } from '../lib/queries.js';
import type { Payout } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { Field } from '../components/Field.js';
import { QueryView } from '../components/states.js';
import { useChallengeLabel } from '../lib/challenge-labels.js';

const csvCell = (v: string | number) => (/[",\n\r]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/** CSV with a BOM so that Excel (Japanese locale included) opens the UTF-8 correctly. Amounts unformatted. */
function payoutsCsv(items: Payout[]): string {
  const rows = [
    ['date', 'amount', 'currency', 'firm', 'plan', 'challengeId', 'payoutId'],
    ...items.map((p) => [p.date, p.amount, p.currency, p.firm, p.plan, p.challengeId, p.id]),
  ];
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function download(name: string, content: BlobPart, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
export { download };

export function PayoutsPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const label = useChallengeLabel();
  const { from } = useSearch({ from: '/authed/payouts' });
  const navigate = useNavigate({ from: '/payouts' });
  const list = useQuery({
    queryKey: ['payouts', 'all', from ?? ''],
    queryFn: async () => {
      const first = await app.get('/payouts', { from, limit: 1 });
      return { totals: first.totals, items: await allPages('/payouts', { from }) };
    },
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('pay.title')}</h1>
        <button
          type="button"
          disabled={!list.data?.items.length}
          onClick={() =>
            list.data &&
            download(`payouts${from ? `-from-${from}` : ''}-${todayIso()}.csv`, payoutsCsv(list.data.items), 'text/csv;charset=utf-8')
          }
        >
          {t('pay.csv')}
        </button>
      </div>
      <div className="filters" role="search">
        <Field
          label={t('pay.from')}
          type="date"
          value={from ?? ''}
          onChange={(e) => void navigate({ search: { from: e.target.value || undefined } })}
        />
      </div>
      <QueryView query={list} isEmpty={(d) => d.items.length === 0} empty={t('pay.empty')}>
        {(d) => (
          <>
            <section aria-labelledby="pay-totals" className="cards">
              <h2 id="pay-totals" className="visually-hidden">
                {t('pay.totals')}
              </h2>
              {d.totals.map((x) => (
                <div className="card totals" key={x.currency}>
                  <h3>{x.currency}</h3>
                  <strong data-testid={`payout-total-${x.currency}`}>{i18n.money(x.amount, x.currency)}</strong>
                </div>
              ))}
            </section>
            <div className="table-wrap">
              <table className="card-rows">
                <thead>
                  <tr>
                    <th scope="col">{t('ch.date')}</th>
                    <th scope="col">{t('pay.challenge')}</th>
                    <th scope="col" className="num">
                      {t('ch.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((p) => (
                    <tr key={p.id}>
                      <td data-label={t('ch.date')}>{i18n.date(p.date)}</td>
                      <td data-label={t('pay.challenge')}>
                        <Link to="/challenges/$id" params={{ id: p.challengeId }}>
                          {label(p)}
                        </Link>
                      </td>
                      <td className="num" data-label={t('ch.amount')}>
                        {i18n.money(p.amount, p.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}
