import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { app } from '../../lib/api.js';
import { useI18n } from '../../i18n/i18n.js';
import type { Account } from '../../lib/types.js';
import { CardTable } from '../CardTable.js';
import { QueryView } from '../states.js';
import type { JournalTrade } from './contract.js';

/**
 * The same signal's trades on the other accounts of its group (copy-trading): each account's result in its own
 * currency, never added up across accounts, each linking to its own page.
 */
export function SignalCopies({ signalId, tradeId, accounts }: { signalId: string; tradeId: string; accounts: Account[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const copies = useQuery({
    queryKey: ['trades', 'signal', signalId],
    queryFn: () => app.get('/trades', { signalId, limit: 100 }),
  });
  return (
    <section className="card" aria-labelledby="trade-copies-title">
      <h2 id="trade-copies-title">{t('tr.page.copies')}</h2>
      <QueryView
        query={copies}
        isEmpty={(page) => page.items.every((c) => c.id === tradeId || (c as JournalTrade).signalId !== signalId)}
        empty={t('tr.page.copiesNone')}
      >
        {(page) => (
          <CardTable
            columns={[
              { label: t('tr.scope') },
              { label: t('tr.volume'), num: true },
              { label: t('tr.net'), num: true },
              { label: t('tr.r'), num: true },
            ]}
            // Only this signal's trades, should a server not know the filter yet and answer every trade.
            rows={(page.items as JournalTrade[])
              .filter((c) => c.signalId === signalId)
              .map((copy) => {
                const account = accounts.find((a) => a.id === copy.accountId);
                const name = account ? (account.name ?? account.login) : copy.accountId;
                return {
                  key: copy.id,
                  header:
                    copy.id === tradeId ? (
                      <span>
                        {name} <span className="muted">({t('tr.page.thisTrade')})</span>
                      </span>
                    ) : (
                      <Link to="/trades/$id" params={{ id: copy.id }}>
                        {name}
                      </Link>
                    ),
                  cells: [
                    { value: i18n.number(copy.volume, 8) },
                    {
                      value: account ? i18n.money(copy.net, account.currency) : i18n.number(copy.net, 2),
                      tone: copy.net < 0 ? 'neg' : 'pos',
                    },
                    { value: copy.r === null ? '—' : `${i18n.number(copy.r, 2)} R` },
                  ],
                };
              })}
          />
        )}
      </QueryView>
    </section>
  );
}
