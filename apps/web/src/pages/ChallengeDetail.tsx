import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app, pub } from '../lib/api.js';
import { todayIso } from '../lib/queries.js';
import type { ChallengeDetail, ServiceRules, Status } from '../lib/types.js';
import { useSession } from '../lib/session.js';
import { useI18n } from '../i18n/i18n.js';
import { Field, SelectField, TextArea } from '../components/Field.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { Reveal } from '../components/Reveal.js';
import { Empty, FormError, Loading, QueryView } from '../components/states.js';

import { LedgerFacts } from '../components/ledger/LedgerFacts.js';
import { Costs } from '../components/ledger/Costs.js';
import { History } from '../components/ledger/History.js';
import { ChallengePayouts } from '../components/ledger/ChallengePayouts.js';
import { challengeName } from '../lib/names.js';

/**
 * Whether a change of phase or status archives the challenge's EA accounts, by the rules the server sends
 * with the session (`archivingChanges`), so that the page asks before such a save.
 */
function archivesAccounts(
  rules: ServiceRules | undefined,
  before: { phase: string; status: string },
  after: { phase: string; status: string },
) {
  return (rules?.archivingChanges ?? []).some((change) =>
    change === 'phase' ? after.phase !== before.phase : after.status === 'failed' && before.status !== 'failed',
  );
}

// The coach (gauges, the pass simulation with @propfolio/coach, the rules editor) loads with its own chunk: the
// challenge page is in the main bundle, the simulation engine need not be.
const ChallengeCoach = lazy(() => import('../components/coach/ChallengeCoach.js').then((m) => ({ default: m.ChallengeCoach })));
const RulesEditor = lazy(() => import('../components/coach/ChallengeCoach.js').then((m) => ({ default: m.RulesEditor })));

/** A failed challenge is closed: only a monthly plan's end date can still be recorded. */
const editable = (d: ChallengeDetail) =>
  d.challenge.status !== 'failed' || (d.challenge.billing === 'monthly' && d.challenge.monthlyEndedAt === null);

function EditChallenge({ detail, onClose }: { detail: ChallengeDetail; onClose: () => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const c = detail.challenge;
  const initial = {
    phase: c.phase,
    status: c.status,
    passedAt: c.passedAt ?? '',
    paymentMethod: c.paymentMethod ?? '',
    monthlyEndedAt: c.monthlyEndedAt ?? '',
  };
  const [form, setForm] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  // The catalog plan the coach judges by: the firm's plans to choose from; "Not linked" sends null (update_challenge unlinks).
  const [planId, setPlanId] = useState(c.planId ?? '');
  const firmPlans = useQuery({
    queryKey: ['plan-suggestions', c.firm.trim().toLowerCase()],
    queryFn: () => pub.get('/plans', { firm: c.firm, limit: 100, detail: 'full' }),
    staleTime: 5 * 60_000,
  });
  const changes = {
    ...Object.fromEntries(Object.entries(form).filter(([k, v]) => v !== '' && v !== initial[k as keyof typeof initial])),
    ...(planId !== (c.planId ?? '') ? { planId: planId || null } : {}),
  };
  const rules = useSession().data?.rules;
  const archives = archivesAccounts(rules, c, form);
  const live = detail.accounts.filter((a) => !a.archived);
  const update = useMutation({
    mutationFn: () => app.patch(`/challenges/${c.id}`, changes),
    onSuccess: () => {
      setConfirming(false);
      setSaved(true);
      void client.invalidateQueries();
      onClose();
    },
    onError: () => setConfirming(false),
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setSaved(false);
    setForm({ ...form, [k]: e.target.value });
  };
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (Object.keys(changes).length === 0) return;
    if (archives) setConfirming(true);
    else update.mutate();
  };
  const closed = c.status === 'failed';
  return (
    <form id="edit-challenge" className="card grid-form" onSubmit={submit} aria-labelledby="edit-h">
      <h2 id="edit-h">{t('ch.editTitle')}</h2>
      {closed && <p className="hint full">{t('ch.closedHint')}</p>}
      <Field label={t('ch.phase')} required value={form.phase} onChange={set('phase')} disabled={closed} maxLength={50} />
      <SelectField label={t('ch.status')} value={form.status} onChange={set('status')} disabled={closed}>
        {(['in_progress', 'passed', 'failed'] as Status[]).map((s) => (
          <option key={s} value={s}>
            {t(`status.${s}`)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('ch.passedAt')}
        type="date"
        min={c.purchasedAt}
        max={todayIso()}
        value={form.passedAt}
        onChange={set('passedAt')}
        disabled={closed}
      />
      <Field label={t('ch.paymentMethod')} value={form.paymentMethod} onChange={set('paymentMethod')} disabled={closed} maxLength={100} />
      <SelectField
        label={t('ch.catalogPlan')}
        value={planId}
        onChange={(e) => {
          setSaved(false);
          setPlanId(e.target.value);
        }}
        disabled={closed}
        aria-describedby="edit-plan-hint"
      >
        <option value="">{t('ch.noCatalogPlan')}</option>
        {c.planId && !(firmPlans.data?.items ?? []).some((p) => p.id === c.planId) && <option value={c.planId}>{c.planId}</option>}
        {(firmPlans.data?.items ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {[p.program, p.accountSize === null ? null : p.accountSize.toLocaleString('en-US'), p.currency].filter(Boolean).join(' ')}
          </option>
        ))}
      </SelectField>
      <p className="hint full" id="edit-plan-hint">
        {t('ch.catalogPlanHint')}
      </p>
      {c.billing === 'monthly' && (
        <Field
          label={t('ch.monthlyEndedAt')}
          type="date"
          min={c.purchasedAt}
          max={todayIso()}
          value={form.monthlyEndedAt}
          onChange={set('monthlyEndedAt')}
          disabled={closed && c.monthlyEndedAt !== null}
        />
      )}
      <div className="full">
        {form.status === 'failed' && !closed && <p className="warn">{t('ch.breachWarn')}</p>}
        {form.status === 'failed' && c.billing === 'monthly' && !form.monthlyEndedAt && <p className="warn">{t('ch.monthlyEndWarn')}</p>}
        <FormError error={update.error} />
        {saved && (
          <p role="status" className="ok">
            {t('ch.saved')}
          </p>
        )}
        <button
          className="primary"
          type="submit"
          disabled={(closed && c.billing !== 'monthly') || update.isPending || Object.keys(changes).length === 0}
        >
          {t('common.save')}
        </button>{' '}
        <button type="button" className="link-button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('ch.confirmTitle')}
        busy={update.isPending}
        danger={live.length > 0}
        onCancel={() => setConfirming(false)}
        onConfirm={() => update.mutate()}
      >
        {live.length === 0 ? (
          <p>{t('ch.confirmNoAccounts')}</p>
        ) : (
          <>
            <p>{t('ch.confirmArchive')}</p>
            <ul data-testid="archive-list">
              {live.map((a) => (
                <li key={a.id}>
                  {a.name ? `${a.name} — ` : ''}
                  {a.login} @ {a.server}
                </li>
              ))}
            </ul>
          </>
        )}
        {form.status === 'failed' && <p className="warn">{t('ch.breachWarn')}</p>}
      </ConfirmDialog>
    </form>
  );
}

function Memos({ detail }: { detail: ChallengeDetail }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const [content, setContent] = useState('');
  const add = useMutation({
    mutationFn: () => app.post(`/challenges/${detail.challenge.id}/memos`, { content }),
    onSuccess: () => {
      setContent('');
      void client.invalidateQueries();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => app.del(`/memos/${id}`),
    onSuccess: () => void client.invalidateQueries(),
  });
  return (
    <section aria-labelledby="memos-h" className="card">
      <h2 id="memos-h">{t('ch.memos')}</h2>
      {detail.memos.length === 0 ? (
        <Empty>{t('ch.noMemos')}</Empty>
      ) : (
        <ul className="list memos">
          {detail.memos.map((m) => (
            <li key={m.id}>
              <p className="memo">{m.content}</p>
              <span className="muted">{i18n.dateTime(m.createdAt)}</span>
              <button
                type="button"
                className="link-button danger-text"
                onClick={() => remove.mutate(m.id)}
                aria-label={`${t('common.delete')}: ${m.content.slice(0, 40)}`}
              >
                {t('common.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError error={remove.error} />
      <Reveal label={t('ch.addMemo')}>
        {() => (
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate();
            }}
          >
            <TextArea
              label={t('ch.memo')}
              required
              rows={3}
              maxLength={10000}
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
            <FormError error={add.error} />
            <button type="submit" disabled={add.isPending}>
              {t('ch.addMemo')}
            </button>
          </form>
        )}
      </Reveal>
    </section>
  );
}

function Accounts({ detail }: { detail: ChallengeDetail }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <section aria-labelledby="accounts-h" className="card">
      <h2 id="accounts-h">{t('ch.accounts')}</h2>
      {detail.accounts.length === 0 ? (
        <Empty>{t('ch.noAccounts')}</Empty>
      ) : (
        <ul className="list" data-testid="linked-accounts">
          {detail.accounts.map((a) => (
            <li key={a.id}>
              <span>
                {a.name ? `${a.name} — ` : ''}
                {a.login} @ {a.server}
              </span>
              <span className="muted">
                {i18n.money(a.balance, a.currency)} · {i18n.percent(a.pnlPercent)}
                {a.archived && <span className="badge archived"> {t('ch.archived')}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/pnl">{t('nav.pnl')} →</Link>
    </section>
  );
}

function DeleteChallenge({ detail }: { detail: ChallengeDetail }) {
  const { t, tn } = useI18n();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const c = detail.challenge;
  const trashDays = useSession().data?.rules.trashRetentionDays;
  const remove = useMutation({
    mutationFn: () => app.del(`/challenges/${c.id}`),
    // Nothing of this challenge is asked for while it is deleted (a read answered after the delete is a 404)…
    onMutate: () => client.cancelQueries({ predicate: (q) => q.queryKey.includes(c.id) }),
    // …then leave the page first, then forget what it showed: refetching this challenge (or its coach) while the page
    // was still mounted answered 404 and logged it.
    onSuccess: async () => {
      setOpen(false);
      await navigate({ to: '/trash' });
      client.removeQueries({ predicate: (q) => q.queryKey.includes(c.id) });
      void client.invalidateQueries();
    },
  });
  return (
    <>
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        {t('common.delete')}
      </button>
      <FormError error={remove.error} />
      <ConfirmDialog
        open={open}
        danger
        title={t('common.delete')}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => remove.mutate()}
      >
        <p>
          {t('ch.deleteConfirm', {
            label: `${c.firm} ${c.plan}`,
            memos: tn('count.memos', detail.memos.length),
            payouts: tn('count.payouts', detail.payouts.length),
            accounts: tn('count.accounts', detail.accounts.length),
            days: trashDays ?? '—',
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}

export function ChallengePage() {
  const i18n = useI18n();
  const { t } = i18n;
  const { id } = useParams({ from: '/authed/challenges/$id' });
  const detail = useQuery({ queryKey: ['challenge', id], queryFn: () => app.get(`/challenges/${id}`) });
  const [editing, setEditing] = useState(false);
  return (
    <section>
      <p>
        <Link to="/challenges" search={{ status: undefined, firm: undefined, new: undefined }}>
          ← {t('ch.back')}
        </Link>
      </p>
      {/* Every state keeps a page heading; the loaded page names the challenge instead. */}
      {!detail.data && <h1>{t('ch.title')}</h1>}
      <QueryView query={detail}>
        {(d) => (
          <>
            <div className="page-head">
              <h1>{challengeName(d.challenge)}</h1>
              <div className="actions">
                {editable(d) && !editing && (
                  <button type="button" aria-expanded="false" aria-controls="edit-challenge" onClick={() => setEditing(true)}>
                    {t('ch.edit')}
                  </button>
                )}
                <DeleteChallenge detail={d} />
              </div>
            </div>
            <dl className="facts card">
              <div>
                <dt>{t('ch.status')}</dt>
                <dd>
                  <span className={`badge status-${d.challenge.status}`} data-testid="challenge-status">
                    {t(`status.${d.challenge.status}`)}
                  </span>
                </dd>
              </div>
              <div>
                <dt>{t('ch.phase')}</dt>
                <dd data-testid="challenge-phase">{d.challenge.phase}</dd>
              </div>
              <div>
                <dt>{t('ch.price')}</dt>
                <dd>
                  {i18n.money(d.challenge.price, d.challenge.currency)} ({t(`billing.${d.challenge.billing}`)})
                </dd>
              </div>
              <div>
                <dt>{t('ch.purchasedAt')}</dt>
                <dd>
                  {i18n.date(d.challenge.purchasedAt)} ({i18n.tn('count.daysSince', d.challenge.daysSincePurchase)})
                </dd>
              </div>
              {d.challenge.status === 'failed' ? (
                <div>
                  <dt>{t('ch.failedAt')}</dt>
                  <dd data-testid="challenge-failed-at">{i18n.date(d.challenge.failedAt)}</dd>
                </div>
              ) : (
                <div>
                  <dt>{t('ch.passedAt')}</dt>
                  <dd>{i18n.date(d.challenge.passedAt)}</dd>
                </div>
              )}
              <div>
                <dt>{t('ch.paymentMethod')}</dt>
                <dd>{d.challenge.paymentMethod ?? t('common.none')}</dd>
              </div>
              <LedgerFacts detail={d} />
            </dl>
            {editing && <EditChallenge key={d.challenge.updatedAt} detail={d} onClose={() => setEditing(false)} />}
            {/* The coach's panels arrive after the page: a screen is kept for them (and for their code, loaded apart), so the
                rules, memos and accounts below wait under the fold instead of jumping down. */}
            <Suspense
              fallback={
                <div className="reserve-screen">
                  <Loading />
                </div>
              }
            >
              <ChallengeCoach detail={d} />
              <RulesEditor challengeId={d.challenge.id} />
            </Suspense>
            <div className="two-col">
              <Memos detail={d} />
              <ChallengePayouts detail={d} />
            </div>
            <div className="two-col">
              <Costs detail={d} />
              <History history={d.history} />
            </div>
            <Accounts detail={d} />
          </>
        )}
      </QueryView>
    </section>
  );
}
