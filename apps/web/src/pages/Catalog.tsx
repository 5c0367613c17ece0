import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pub } from '../lib/api.js';
import type { Plan, PlanPriceHistory, PlanSearch } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { Field, SelectField } from '../components/Field.js';
import { Empty, ErrorState, Loading, QueryView } from '../components/states.js';

/** The plan's list prices, newest first, fetched only when a reader opens it (most never change). */
function PriceHistory({ plan }: { plan: Plan }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['plan-prices', plan.id],
    queryFn: () => pub.get<PlanPriceHistory>(`/plans/${encodeURIComponent(plan.id)}/prices`, { limit: 20 }),
    enabled: open,
    staleTime: 10 * 60_000,
  });
  const price = (p: number | null, currency: string) => (p == null ? t('common.none') : i18n.money(p, currency));
  return (
    <details className="price-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('cat.history')}</summary>
      {open && (
        <QueryView query={history}>
          {(h) =>
            h.items.length <= 1 ? (
              <p className="muted">{t('cat.noHistory', { date: i18n.date(h.items[0]?.checkedOn ?? plan.checkedOn) })}</p>
            ) : (
              <ol className="history" data-testid={`price-history-${plan.id}`}>
                {h.items.map((entry, i) => {
                  const next = h.items[i - 1];
                  return (
                    <li key={`${entry.checkedOn}-${i}`}>
                      <span className="muted">
                        {next
                          ? t('cat.priceFromTo', { from: i18n.date(entry.checkedOn), to: i18n.date(next.checkedOn) })
                          : t('cat.priceSince', { date: i18n.date(entry.checkedOn) })}
                      </span>{' '}
                      <strong>{price(entry.price, entry.currency)}</strong>
                    </li>
                  );
                })}
              </ol>
            )
          }
        </QueryView>
      )}
    </details>
  );
}

function PlanRow({ plan }: { plan: Plan }) {
  const i18n = useI18n();
  const { t } = i18n;
  const r = plan.rules;
  const pct = (v: number | null | undefined) => (v == null ? t('common.none') : `${i18n.number(v)}%`);
  return (
    <tr>
      <th scope="row">
        {plan.firm.name}
        <div className="muted">{plan.program}</div>
      </th>
      <td data-label={t('cat.phases')}>{plan.phases === 0 ? t('cat.instant') : plan.phases}</td>
      {/* A few plans have no fixed size (chosen at checkout): unknown, never shown as 0. */}
      <td className="num" data-label={t('cat.size')}>
        {plan.accountSize == null ? t('common.none') : i18n.money(plan.accountSize, plan.currency)}
      </td>
      <td className="num" data-label={t('cat.price')}>
        {plan.price == null ? t('common.none') : i18n.money(plan.price, plan.currency)}
        {plan.billing === 'monthly' && <span className="muted"> / {t('billing.monthly')}</span>}
        <PriceHistory plan={plan} />
      </td>
      <td data-label={t('cat.target')}>{(r.profitTargetsPercent ?? []).map((v) => pct(v)).join(' / ') || t('common.none')}</td>
      <td data-label={t('cat.dailyLoss')}>{pct(r.dailyLoss?.percent)}</td>
      <td data-label={t('cat.maxLoss')}>{pct(r.maxLoss?.percent)}</td>
      <td data-label={t('cat.checkedOn')}>
        {i18n.date(plan.checkedOn)}
        {plan.stale && <span className="badge stale">{t('cat.stale')}</span>}
        {plan.sourceUrl && (
          <div>
            <a href={plan.sourceUrl} target="_blank" rel="noopener noreferrer">
              {t('cat.source')}
            </a>
          </div>
        )}
      </td>
    </tr>
  );
}

export function CatalogPage() {
  const { t } = useI18n();
  const search = useSearch({ from: '/plans' });
  const navigate = useNavigate({ from: '/plans' });
  const [firm, setFirm] = useState(search.firm ?? '');
  const plans = useInfiniteQuery({
    queryKey: ['plans', search.firm ?? '', search.phases ?? ''],
    queryFn: ({ pageParam }) => pub.get<PlanSearch>('/plans', { firm: search.firm, phases: search.phases, limit: 50, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = plans.data?.pages.flatMap((p) => p.items) ?? [];
  const suggestions = plans.data?.pages[0]?.suggestions ?? [];
  return (
    <section>
      <h1>{t('cat.title')}</h1>
      <p className="muted">{t('cat.priceNote')}</p>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate({ search: { ...search, firm: firm.trim() || undefined } });
        }}
      >
        <Field label={t('cat.firm')} type="search" value={firm} onChange={(e) => setFirm(e.target.value)} />
        <SelectField
          label={t('cat.phases')}
          value={search.phases ?? ''}
          onChange={(e) => void navigate({ search: { ...search, phases: e.target.value || undefined } })}
        >
          <option value="">{t('cat.anyPhases')}</option>
          <option value="0">{t('cat.instant')}</option>
          <option value="1">1</option>
          <option value="2">2</option>
          <option value="3">3</option>
        </SelectField>
        <button type="submit">{t('common.search')}</button>
      </form>
      {plans.isPending && <Loading />}
      {plans.isError && <ErrorState error={plans.error} retry={() => void plans.refetch()} />}
      {plans.isSuccess && items.length === 0 && (
        <Empty>
          <p>{t('cat.empty')}</p>
          {suggestions.length > 0 && (
            <p>
              {t('cat.didYouMean')}{' '}
              {suggestions.map((s) => (
                <button
                  key={s}
                  type="button"
                  className="link-button"
                  onClick={() => (setFirm(s), void navigate({ search: { ...search, firm: s } }))}
                >
                  {s}
                </button>
              ))}
            </p>
          )}
        </Empty>
      )}
      {items.length > 0 && (
        <div className="table-wrap">
          <table className="card-rows">
            <thead>
              <tr>
                <th scope="col">{t('cat.firm')}</th>
                <th scope="col">{t('cat.phases')}</th>
                <th scope="col" className="num">
                  {t('cat.size')}
                </th>
                <th scope="col" className="num">
                  {t('cat.price')}
                </th>
                <th scope="col">{t('cat.target')}</th>
                <th scope="col">{t('cat.dailyLoss')}</th>
                <th scope="col">{t('cat.maxLoss')}</th>
                <th scope="col">{t('cat.checkedOn')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <PlanRow key={p.id} plan={p} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {plans.hasNextPage && (
        <button type="button" onClick={() => void plans.fetchNextPage()} disabled={plans.isFetchingNextPage}>
          {t('common.more')}
        </button>
      )}
    </section>
  );
}
