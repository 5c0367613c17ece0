import { useMemo, useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app, pub } from '../lib/api.js';
import { allPages, todayIso } from '../lib/queries.js';
import type { Billing, Challenge } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { Field, SelectField } from '../components/Field.js';
import { FormError, QueryView } from '../components/states.js';
import { NO_PURCHASE_LEDGER, purchaseLedgerBody, PurchaseLedgerInputs } from '../components/ledger/PurchaseLedgerInputs.js';

const STATUSES = ['in_progress', 'passed', 'failed'] as const;

/** Firm and plan names from the public catalog, offered as suggestions (free text stays allowed). */
function usePlanSuggestions(firm: string) {
  const plans = useQuery({
    queryKey: ['plan-suggestions', firm.trim().toLowerCase()],
    queryFn: () => pub.get('/plans', { firm: firm.trim() || undefined, limit: 100, detail: 'full' }),
    staleTime: 5 * 60_000,
  });
  const items = plans.data?.items ?? [];
  return {
    firms: [...new Set(items.map((p) => p.firm.name))].sort(),
    plans: items.filter((p) => !firm.trim() || p.firm.name.toLowerCase() === firm.trim().toLowerCase()),
  };
}

/**
 * The catalog plans the typed firm and plan names point to (search_plans with `plan`: the server's matching, so
 * the form suggests what create_challenge would link): one, several, or none once both names are typed.
 */
function usePlansNamed(firm: string, plan: string) {
  const both = firm.trim() !== '' && plan.trim() !== '';
  const named = useQuery({
    queryKey: ['plans-named', firm.trim().toLowerCase(), plan.trim().toLowerCase()],
    queryFn: () => pub.get('/plans', { firm: firm.trim(), plan: plan.trim(), limit: 20, detail: 'full' }),
    enabled: both,
    staleTime: 5 * 60_000,
  });
  return both && named.data ? (named.data.items ?? null) : null;
}

/** The firm's allocation cap a new challenge went over (create_challenge `allocationWarning`): recorded, but said. */
type AllocationWarning = NonNullable<Awaited<ReturnType<typeof createChallenge>>['allocationWarning']>;
const createChallenge = (body: Record<string, unknown>) => app.post('/challenges', body);

function AllocationNotice({ warning, onOpen }: { warning: AllocationWarning; onOpen: () => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="notice" role="status" data-testid="allocation-warning">
      <p>
        {t('ch.allocationWarning', {
          firm: warning.firm,
          cap: i18n.money(Number(warning.cap), warning.currency), // exact strings, shown rounded to the currency
          sum: i18n.money(Number(warning.sum), warning.currency),
        })}
      </p>
      <button type="button" className="primary" onClick={onOpen}>
        {t('ch.allocationOpen')}
      </button>
    </div>
  );
}

function CreateChallenge({ onDone }: { onDone: (c: Challenge) => void }) {
  const { t } = useI18n();
  // A challenge created over its firm's allocation cap: the warning stays on screen until the person moves on.
  const [over, setOver] = useState<{ challenge: Challenge; warning: AllocationWarning } | null>(null);
  const client = useQueryClient();
  const [form, setForm] = useState({
    firm: '',
    plan: '',
    price: '',
    currency: 'USD',
    billing: 'one_time' as Billing,
    phase: '',
    paymentMethod: '',
    purchasedAt: todayIso(),
  });
  const [ledger, setLedger] = useState(NO_PURCHASE_LEDGER);
  // Until the person picks a plan (or "Not linked") themselves, the one plan the names match is the form's choice.
  const [planPicked, setPlanPicked] = useState(false);
  const suggestions = usePlanSuggestions(form.firm);
  const named = usePlansNamed(form.firm, form.plan);
  const matched = named?.length === 1 ? named[0] : undefined;
  const shownLedger = planPicked || ledger.planId || !matched ? ledger : { ...ledger, planId: matched.id };
  const planOptions = [...suggestions.plans, ...(named ?? []).filter((p) => !suggestions.plans.some((s) => s.id === p.id))];
  const planNote =
    !named || planPicked || ledger.planId
      ? undefined
      : matched
        ? t('ch.planMatched', { plan: `${matched.firm.name} · ${planLabel(matched)}` })
        : named.length > 1
          ? t('ch.planSeveral', { count: named.length })
          : t('ch.planNone');
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    const next = { ...form, [k]: e.target.value };
    if (k === 'plan') {
      const plan = suggestions.plans.find((p) => planLabel(p) === e.target.value);
      if (plan) Object.assign(next, { price: String(plan.price ?? ''), currency: plan.currency, billing: plan.billing });
      if (plan) setLedger({ ...ledger, planId: plan.id });
    }
    setForm(next);
  };
  const create = useMutation({
    mutationFn: () =>
      createChallenge({
        firm: form.firm,
        plan: form.plan,
        price: Number(form.price),
        currency: form.currency,
        billing: form.billing,
        purchasedAt: form.purchasedAt,
        ...(form.phase ? { phase: form.phase } : {}),
        ...(form.paymentMethod ? { paymentMethod: form.paymentMethod } : {}),
        ...purchaseLedgerBody(shownLedger),
      }),
    onSuccess: (c) => {
      void client.invalidateQueries();
      if (c.allocationWarning) setOver({ challenge: c, warning: c.allocationWarning });
      else onDone(c);
    },
  });
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    create.mutate();
  };
  if (over) return <AllocationNotice warning={over.warning} onOpen={() => onDone(over.challenge)} />;
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="new-h">
      <h2 id="new-h">{t('ch.new')}</h2>
      <p className="hint full">{t('ch.suggest')}</p>
      <Field label={t('ch.firm')} required list="firm-suggestions" value={form.firm} onChange={set('firm')} maxLength={100} />
      <datalist id="firm-suggestions">
        {suggestions.firms.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <Field label={t('ch.plan')} required list="plan-suggestions" value={form.plan} onChange={set('plan')} maxLength={200} />
      <datalist id="plan-suggestions">
        {suggestions.plans.map((p) => (
          <option key={p.id} value={planLabel(p)} />
        ))}
      </datalist>
      <Field
        label={t('ch.price')}
        required
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        value={form.price}
        onChange={set('price')}
      />
      <Field label={t('ch.currency')} required pattern="[A-Za-z]{3}" maxLength={3} value={form.currency} onChange={set('currency')} />
      <SelectField label={t('ch.billing')} value={form.billing} onChange={set('billing')}>
        <option value="one_time">{t('billing.one_time')}</option>
        <option value="monthly">{t('billing.monthly')}</option>
      </SelectField>
      <Field label={t('ch.purchasedAt')} type="date" required max={todayIso()} value={form.purchasedAt} onChange={set('purchasedAt')} />
      <Field
        label={`${t('ch.phase')} ${t('common.optional')}`}
        placeholder="Phase 1"
        value={form.phase}
        onChange={set('phase')}
        maxLength={50}
      />
      <Field
        label={`${t('ch.paymentMethod')} ${t('common.optional')}`}
        value={form.paymentMethod}
        onChange={set('paymentMethod')}
        maxLength={100}
      />
      <PurchaseLedgerInputs
        value={shownLedger}
        onChange={(next) => {
          if (next.planId !== shownLedger.planId) setPlanPicked(true);
          setLedger(next);
        }}
        plans={planOptions}
        planNote={planNote}
        onResetOf={(b) => setForm({ ...form, firm: form.firm || b.firm, plan: form.plan || b.plan, currency: b.currency })}
      />
      <div className="full">
        <FormError error={create.error} />
        <button className="primary" type="submit" disabled={create.isPending}>
          {t('ch.create')}
        </button>
      </div>
    </form>
  );
}

const planLabel = (p: { program: string; accountSize: number | null }) =>
  p.accountSize === null ? p.program : `${p.program} ${p.accountSize >= 1000 ? `${p.accountSize / 1000}k` : p.accountSize}`;

export function ChallengesPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const search = useSearch({ from: '/authed/challenges' });
  const navigate = useNavigate({ from: '/challenges' });
  const [showNew, setShowNew] = useState(Boolean(search.new));
  const [desc, setDesc] = useState(true);
  const status = search.status ?? 'all';
  const firm = search.firm ?? '';
  const list = useQuery({ queryKey: ['challenges', status], queryFn: () => allPages('/challenges', { status }) });
  const rows = useMemo(() => {
    const needle = firm.trim().toLowerCase();
    const items = (list.data ?? []).filter((c) => !needle || c.firm.toLowerCase().includes(needle));
    return items.sort((a, b) => (desc ? -1 : 1) * (a.purchasedAt.localeCompare(b.purchasedAt) || a.createdAt.localeCompare(b.createdAt)));
  }, [list.data, firm, desc]);
  return (
    <section>
      <div className="page-head">
        <h1>{t('ch.title')}</h1>
        <button type="button" className="primary" aria-expanded={showNew} onClick={() => setShowNew(!showNew)}>
          {t('ch.new')}
        </button>
      </div>
      {showNew && <CreateChallenge onDone={(c) => void navigate({ to: '/challenges/$id', params: { id: c.id } })} />}
      <div className="filters" role="search">
        <SelectField
          label={t('ch.filterStatus')}
          value={status}
          onChange={(e) => void navigate({ search: { ...search, status: e.target.value === 'all' ? undefined : e.target.value } })}
        >
          <option value="all">{t('common.all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('ch.filterFirm')}
          type="search"
          value={firm}
          onChange={(e) => void navigate({ search: { ...search, firm: e.target.value || undefined }, replace: true })}
        />
      </div>
      <QueryView query={list} isEmpty={() => rows.length === 0} empty={t('ch.empty')}>
        {() => (
          <div className="table-wrap">
            <table className="card-rows">
              <thead>
                <tr>
                  <th scope="col">{t('ch.firm')}</th>
                  <th scope="col">{t('ch.plan')}</th>
                  <th scope="col">{t('ch.phase')}</th>
                  <th scope="col">{t('ch.status')}</th>
                  <th scope="col" className="num">
                    {t('ch.price')}
                  </th>
                  <th scope="col" aria-sort={desc ? 'descending' : 'ascending'}>
                    <button type="button" className="link-button" onClick={() => setDesc(!desc)}>
                      {t('ch.purchasedAt')} {desc ? '↓' : '↑'}
                    </button>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id}>
                    <td className="row-title">
                      <Link to="/challenges/$id" params={{ id: c.id }}>
                        {c.firm}
                      </Link>
                    </td>
                    <td data-label={t('ch.plan')}>{c.plan}</td>
                    <td data-label={t('ch.phase')}>{c.phase}</td>
                    <td data-label={t('ch.status')}>
                      <span className={`badge status-${c.status}`}>{t(`status.${c.status}`)}</span>
                    </td>
                    <td className="num" data-label={t('ch.price')}>
                      {i18n.money(c.price, c.currency)}
                      {c.billing === 'monthly' && <span className="muted"> / {t('billing.monthly')}</span>}
                    </td>
                    <td data-label={t('ch.purchasedAt')}>{i18n.date(c.purchasedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </section>
  );
}
