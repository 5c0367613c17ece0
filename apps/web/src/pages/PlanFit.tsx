import { useState, type SubmitEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../i18n/i18n.js';
import { ApiError } from '../lib/api.js';
import { replayOwnPlans as replay, RULE_KEYS, type PlanReplay, type PlanReplayRow } from '../lib/plan-fit.js';
import { Field, SelectField, fieldSetter } from '../components/Field.js';
import { Empty, ErrorState, Loading, worthRetrying } from '../components/states.js';
import { ReplayStrip } from '../components/plan-fit/ReplayStrip.js';
import { ForwardOdds } from '../components/plan-fit/ForwardOdds.js';

interface Filters {
  firm: string;
  phases: string;
  size: string;
  maxPrice: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { firm: '', phases: '', size: '', maxPrice: '', from: '', to: '' };

/** The request a set of filters stands for: only the fields the person filled. */
function requestOf(f: Filters): Record<string, unknown> {
  const number = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));
  const size = number(f.size);
  return {
    ...(f.firm.trim() ? { firms: [f.firm.trim()] } : {}),
    ...(f.phases ? { phases: [Number(f.phases)] } : {}),
    ...(size !== undefined ? { accountSizes: [size] } : {}),
    ...(number(f.maxPrice) !== undefined ? { maxPrice: number(f.maxPrice) } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

function FilterForm({ applied, onApply }: { applied: Filters; onApply: (f: Filters) => void }) {
  const { t } = useI18n();
  const [form, setForm] = useState(applied);
  const set = fieldSetter(form, setForm);
  const apply = (e: SubmitEvent) => {
    e.preventDefault();
    onApply(form);
  };
  return (
    <form className="filters" role="search" aria-label={t('fit.filters')} onSubmit={apply}>
      <Field label={t('fit.firm')} value={form.firm} onChange={set('firm')} maxLength={80} />
      <SelectField label={t('fit.phases')} value={form.phases} onChange={(e) => setForm({ ...form, phases: e.target.value })}>
        <option value="">{t('fit.allPhases')}</option>
        {[0, 1, 2, 3].map((n) => (
          <option key={n} value={String(n)}>
            {n === 0 ? t('fit.instant') : t('fit.phaseCount', { n })}
          </option>
        ))}
      </SelectField>
      <Field label={t('fit.size')} type="number" min={0} inputMode="decimal" value={form.size} onChange={set('size')} />
      <Field label={t('fit.maxPrice')} type="number" min={0} inputMode="decimal" value={form.maxPrice} onChange={set('maxPrice')} />
      <Field label={t('fit.from')} type="date" value={form.from} onChange={set('from')} />
      <Field label={t('fit.to')} type="date" value={form.to} onChange={set('to')} />
      <div className="actions">
        <button type="submit" className="primary">
          {t('fit.apply')}
        </button>
        <button
          type="button"
          onClick={() => {
            setForm(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {t('fit.reset')}
        </button>
      </div>
    </form>
  );
}

/** The plan as people call it: its program, after its firm unless the program already says it ("FTMO Challenge 2-Step"). */
function planName(p: PlanReplayRow): string {
  return p.program.toLowerCase().startsWith(p.firm.toLowerCase()) ? p.program : `${p.firm} ${p.program}`;
}

function PlanTable({ answer, selected, onSelect }: { answer: PlanReplay; selected: string | null; onSelect: (id: string) => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="table-wrap">
      <table className="card-rows plan-fit-table">
        <caption className="visually-hidden">{t('fit.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('fit.rank')}
            </th>
            <th scope="col">{t('fit.plan')}</th>
            <th scope="col" className="num">
              {t('fit.passShare')}
            </th>
            <th scope="col" className="num">
              {t('fit.medianDays')}
            </th>
            <th scope="col">{t('fit.topBreach')}</th>
            <th scope="col">{t('fit.worstStart')}</th>
            <th scope="col" className="num">
              {t('fit.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {answer.plans.map((p) => (
            <tr key={p.planId} aria-selected={p.planId === selected} className={p.planId === selected ? 'selected' : undefined}>
              <td className="num" data-label={t('fit.rank')}>
                {p.rank ?? '—'}
              </td>
              <th scope="row">
                <button type="button" className="link-button" aria-pressed={p.planId === selected} onClick={() => onSelect(p.planId)}>
                  {planName(p)}
                </button>
                <div className="muted">
                  {p.accountSize === null ? t('fit.anySize') : i18n.money(p.accountSize, p.currency)} ·{' '}
                  {p.phases === 0 ? t('fit.instant') : t('fit.phaseCount', { n: p.phases })}
                  {p.planStale && <span className="badge">{t('fit.stale')}</span>}
                </div>
              </th>
              {p.replayed ? (
                <>
                  <td className="num" data-label={t('fit.passShare')}>
                    {p.passShare === null ? '—' : `${i18n.number(p.passShare * 100, 0)}%`}
                    <div className="muted">{t('fit.passedOf', { passed: p.passed, starts: p.starts })}</div>
                  </td>
                  <td className="num" data-label={t('fit.medianDays')}>
                    {p.medianDaysToPass === null ? '—' : t('fit.days', { n: p.medianDaysToPass })}
                  </td>
                  <td data-label={t('fit.topBreach')}>
                    {p.mostFrequentBreach ? `${t(RULE_KEYS[p.mostFrequentBreach.rule])} (${p.mostFrequentBreach.count})` : '—'}
                  </td>
                  <td data-label={t('fit.worstStart')}>
                    {p.worstStart
                      ? t('fit.worstText', {
                          start: i18n.date(p.worstStart.start),
                          rule: t(RULE_KEYS[p.worstStart.rule]),
                          day: p.worstStart.day,
                        })
                      : '—'}
                  </td>
                </>
              ) : (
                <td colSpan={4} data-label={t('fit.unknown')}>
                  {t('fit.unknownRules', { rules: p.unknownRules.join(', ') })}
                </td>
              )}
              <td className="num" data-label={t('fit.price')}>
                {p.price === null ? '—' : i18n.money(p.price, p.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The Plan fit page: the owner's tracked history replayed under every catalog plan, ranked, and one plan's start dates. */
export function PlanFitPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<string | null>(null);
  const body = requestOf(filters);
  const ranked = useQuery({ queryKey: ['plan-fit', body], queryFn: () => replay(body), retry: (n, e) => n < 2 && worthRetrying(e) });
  const answer = ranked.data;
  const detailId = selected ?? answer?.plans.find((p) => p.rank === 1)?.planId ?? null;
  const detailBody = {
    planIds: [detailId],
    outcomesOf: detailId,
    ...(body.from ? { from: body.from } : {}),
    ...(body.to ? { to: body.to } : {}),
  };
  const detail = useQuery({
    queryKey: ['plan-fit', 'outcomes', detailBody],
    queryFn: () => replay(detailBody),
    enabled: detailId !== null && answer !== undefined,
  });
  const noHistory = ranked.error instanceof ApiError && ranked.error.code === 'insufficient_history';
  // Forward odds take the plan filters; start dates are the replay's alone.
  const { from: _from, to: _to, ...planFilters } = body;
  const detailRow = detail.data?.plans[0];
  return (
    <section className="plan-fit">
      <div className="page-head">
        <h1>{t('fit.title')}</h1>
      </div>
      <p className="muted">{t('fit.intro')}</p>
      <FilterForm applied={filters} onApply={setFilters} />
      {ranked.isPending ? (
        // A screen kept while the ranked plans load, so the forward odds below do not jump when they arrive (CLS).
        <div className="reserve-screen">
          <Loading failures={ranked.failureCount} />
        </div>
      ) : noHistory ? (
        <Empty>{t('fit.empty')}</Empty>
      ) : ranked.isError ? (
        <ErrorState error={ranked.error} retry={worthRetrying(ranked.error) ? () => void ranked.refetch() : undefined} />
      ) : (
        <>
          <p className="muted" data-testid="fit-period">
            {t('fit.period', {
              from: i18n.date(ranked.data.from),
              to: i18n.date(ranked.data.to),
              unit: t(ranked.data.unit === 'trades' ? 'fit.unit.trades' : 'fit.unit.days'),
            })}
          </p>
          <PlanTable answer={ranked.data} selected={detailId} onSelect={setSelected} />
          <section className="card" aria-labelledby="fit-strip-h">
            <h2 id="fit-strip-h">
              {t('fit.stripTitle')}
              {detailRow ? `: ${planName(detailRow)}` : ''}
            </h2>
            {detail.isPending ? (
              <Loading failures={detail.failureCount} />
            ) : detail.isError ? (
              <ErrorState error={detail.error} retry={() => void detail.refetch()} />
            ) : detailRow?.outcomes ? (
              <ReplayStrip outcomes={detailRow.outcomes} />
            ) : (
              <Empty>{t('fit.notReplayed')}</Empty>
            )}
          </section>
        </>
      )}
      <ForwardOdds filters={planFilters} />
    </section>
  );
}
