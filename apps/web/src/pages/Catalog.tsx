import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pub } from '../lib/api.js';
import type { PlanProgram, PlanRules } from '../lib/types.js';
import type { MessageKey } from '../i18n/en.js';
import { useI18n, type I18n } from '../i18n/i18n.js';
import { Field, SelectField } from '../components/Field.js';
import { Empty, ErrorState, Loading, QueryView } from '../components/states.js';

/** The plan's list prices, newest first, fetched only when a reader opens it (most never change). */
function PriceHistory({ planId, checkedOn }: { planId: string; checkedOn: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['plan-prices', planId],
    queryFn: () => pub.get(`/plans/${encodeURIComponent(planId)}/prices`, { limit: 20 }),
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
              <p className="muted">{t('cat.noHistory', { date: i18n.date(h.items[0]?.checkedOn ?? checkedOn) })}</p>
            ) : (
              <ol className="history" data-testid={`price-history-${planId}`}>
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

type Rules = PlanRules;

/** The rules every size of a program shares, collapsed under the program: most readers compare sizes and prices first. */
function RulesDetails({ program }: { program: PlanProgram }) {
  const i18n = useI18n();
  const { t } = i18n;
  const r = program.rules;
  const none = t('common.none');
  const pct = (v: number | null | undefined) => (v == null ? none : `${i18n.number(v)}%`);
  const rows: [string, string][] = [
    [t('cat.minDays'), r.minTradingDays?.days == null ? none : t('cat.daysN', { n: r.minTradingDays.days })],
    [t('cat.timeLimit'), r.timeLimit === 'none' ? t('cat.noLimit') : r.timeLimit ? t('cat.daysN', { n: r.timeLimit.days }) : none],
    [t('cat.consistency'), r.consistency === 'none' ? t('cat.noRule') : r.consistency ? pct(r.consistency.bestDayMaxPercent) : none],
    [t('cat.split'), pct(r.profitSplit?.percent)],
    [t('cat.eaPolicy'), r.eaPolicy ? t(`cat.policy.${r.eaPolicy}` as MessageKey) : none],
    [t('cat.news'), r.newsTrading ? t(`cat.policy.${r.newsTrading}` as MessageKey) : none],
    [t('cat.weekend'), r.weekendHolding ? t(`cat.policy.${r.weekendHolding}` as MessageKey) : none],
  ];
  return (
    <details className="rules">
      <summary>{t('cat.rules')}</summary>
      <dl className="rule-list">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {r.other.length > 0 && (
        <ul className="muted">
          {r.other.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ul>
      )}
      {program.notes && <p className="muted">{program.notes}</p>}
    </details>
  );
}

/** An account size: a round amount, shown without cents ($100,000 rather than $100,000.00). */
function accountSize(i18n: I18n, amount: number, currency: string): string {
  const lang = i18n.lang;
  if (!Number.isInteger(amount)) return i18n.money(amount, currency);
  try {
    const locale = lang === 'ja' ? 'ja-JP' : 'en-US';
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** One program of a firm: the shared headline rules once, its sizes as rows, the rest of the rules collapsed. */
function ProgramCard({ program }: { program: PlanProgram }) {
  const i18n = useI18n();
  const { t } = i18n;
  const r = program.rules;
  const pct = (v: number | null | undefined) => (v == null ? t('common.none') : `${i18n.number(v)}%`);
  // A whole rule the sources dispute (no value of its own) has no one figure: shown as unknown, as the coach reads it.
  const loss = (v: Rules['dailyLoss'] | Rules['maxLoss']) =>
    v === 'none' ? t('cat.noRule') : v && !('percent' in v) ? t('rules.unknown') : pct(v?.percent);
  return (
    <li className="card program" data-testid="plan-program">
      <h2 className="program-title">
        {program.firm.name} <span className="muted">· {program.program}</span>
      </h2>
      <p className="program-facts">
        <span className="badge">{program.phases === 0 ? t('cat.instant') : t('cat.phasesN', { n: program.phases })}</span>
        {program.billing === 'monthly' && <span className="badge">{t('billing.monthly')}</span>}
        <span>
          {t('cat.target')}: {(r.profitTargetsPercent ?? []).map((v) => pct(v)).join(' / ') || t('common.none')}
        </span>
        <span>
          {t('cat.dailyLoss')}: {loss(r.dailyLoss)}
        </span>
        <span>
          {t('cat.maxLoss')}: {loss(r.maxLoss)}
        </span>
      </p>
      <table className="sizes">
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('cat.size')}
            </th>
            <th scope="col" className="num">
              {t('cat.price')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('cat.history')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {program.sizes.map((size) => (
            <tr key={size.id}>
              {/* A few plans have no fixed size (chosen at checkout): unknown, never shown as 0. */}
              <th scope="row" className="num">
                {size.accountSize == null ? t('common.none') : accountSize(i18n, size.accountSize, program.currency)}
              </th>
              <td className="num">
                {size.price == null ? t('common.none') : i18n.money(size.price, program.currency)}
                {program.billing === 'monthly' && <span className="muted"> / {t('billing.monthly')}</span>}
                {size.deferredFee !== undefined && (
                  <div className="muted">{t('cat.deferredFee', { amount: i18n.money(size.deferredFee, program.currency) })}</div>
                )}
              </td>
              <td className="history-cell">
                <PriceHistory planId={size.id} checkedOn={program.checkedOn} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RulesDetails program={program} />
      <p className="muted small">
        {t('cat.checkedOn')}: {i18n.date(program.checkedOn)}
        {program.stale && <span className="badge stale">{t('cat.stale')}</span>}
        {program.sourceUrl && (
          <>
            {' · '}
            <a href={program.sourceUrl} target="_blank" rel="noopener noreferrer">
              {t('cat.source')}
            </a>
          </>
        )}
      </p>
    </li>
  );
}

const programKey = (p: PlanProgram) => `${p.firm.slug}|${p.program}|${p.phases}|${p.currency}|${p.billing}`;

function mergePrograms(programs: PlanProgram[]): PlanProgram[] {
  const merged: PlanProgram[] = [];
  for (const p of programs) {
    const last = merged.at(-1);
    if (last && programKey(last) === programKey(p)) merged[merged.length - 1] = { ...last, sizes: [...last.sizes, ...p.sizes] };
    else merged.push(p);
  }
  return merged;
}

export function CatalogPage() {
  const { t } = useI18n();
  const search = useSearch({ from: '/plans' });
  const navigate = useNavigate({ from: '/plans' });
  const [firm, setFirm] = useState(search.firm ?? '');
  const plans = useInfiniteQuery({
    queryKey: ['plans', search.firm ?? '', search.phases ?? ''],
    queryFn: ({ pageParam }) => pub.get('/plans', { firm: search.firm, phases: search.phases, limit: 50, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  // A program whose sizes run over a page boundary comes back on the next page too: merged here under its first card.
  const items = mergePrograms(plans.data?.pages.flatMap((p) => p.programs ?? []) ?? []);
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
        <ul className="programs">
          {items.map((p) => (
            <ProgramCard key={`${programKey(p)}|${p.sizes[0]?.id ?? ''}`} program={p} />
          ))}
        </ul>
      )}
      {plans.hasNextPage && (
        <button type="button" onClick={() => void plans.fetchNextPage()} disabled={plans.isFetchingNextPage}>
          {t('common.more')}
        </button>
      )}
    </section>
  );
}
