import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app, type AppCall } from '../../lib/api.js';
import type { Account } from '../../lib/types.js';
import { useI18n } from '../../i18n/i18n.js';
import { CardTable } from '../CardTable.js';
import { Field } from '../Field.js';
import { FormError, QueryView } from '../states.js';
import { accountLabel } from '../../lib/names.js';

/**
 * Groups of accounts that copy one strategy (create_account_group, list_account_groups, check_group_trade): the list,
 * a form to make one from the trader's accounts with each copy's lot multiplier, and for each group the check of a
 * copied trade, answered by the server (each account's own headroom is read there), a moment after the typing stops.
 */
type Group = AppCall<'get', '/account-groups'>['groups'][number];
type GroupCheck = AppCall<'get', `/account-groups/${string}/trade-check`>;

const TONE = { allowed: 'ok', blocked: 'breached', unchecked: 'warning', unknown: 'unknown' } as const;
type CopyFinding = Group['copyTrading'][number];
/** A copy-trading verdict's badge tone: a rule the group breaks is red, conditions to read and unknowns amber or grey. */
const COPY_TONE = {
  forbidden: 'breached',
  over: 'breached',
  within_limit: 'ok',
  restricted: 'warning',
  allowed: 'ok',
  unknown: 'unknown',
} as const;
/** The wait after the last keystroke before the check is asked for. */
const TYPING_PAUSE_MS = 400;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function GroupCheckPanel({ group }: { group: Group }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [risk, setRisk] = useState('');
  const settled = useSettled(risk.trim());
  const amount = Number(settled);
  const asked = settled !== '' && Number.isFinite(amount) && amount >= 0;
  const check = useQuery({
    queryKey: ['group-check', group.id, settled],
    queryFn: () => app.get(`/account-groups/${group.id}/trade-check`, { riskAmount: settled }),
    enabled: asked,
  });
  const currency = group.accounts[0]?.currency ?? 'USD';
  const money = (n: number | null) => (n === null ? t('tc.unbounded') : i18n.moneyRounded(n, currency));
  const labelOf = (id: string | null) => group.accounts.find((a) => a.accountId === id)?.label ?? '—';
  return (
    <div className="group-check">
      <Field
        label={t('tc.withCurrency', { label: t('grp.masterRisk'), currency })}
        hint={t('grp.masterRiskHint')}
        inputMode="decimal"
        value={risk}
        onChange={(e) => setRisk(e.target.value)}
        aria-invalid={settled !== '' && !asked ? true : undefined}
      />
      {asked && (
        <QueryView query={check}>
          {(c: GroupCheck) => (
            <div aria-live="polite" data-testid="group-check">
              <p>
                <span className={`badge headroom-${TONE[c.verdict]}`}>{t(`tc.verdict.${c.verdict}`)}</span> {t('grp.maxMaster')}{' '}
                <strong>{money(c.maxRiskAmount)}</strong>
                {c.bindingAccountId && <> · {t('grp.binding', { account: labelOf(c.bindingAccountId) })}</>}
              </p>
              <CardTable
                columns={[
                  { label: t('grp.account') },
                  { label: t('grp.multiplier'), num: true },
                  { label: t('grp.copyRisk'), num: true },
                  { label: t('grp.ownMax'), num: true },
                  { label: t('tc.verdictColumn'), hidden: true },
                ]}
                rows={c.accounts.map((a) => {
                  const verdict = a.check.verdict === 'penalised' ? 'blocked' : a.check.verdict;
                  return {
                    key: a.accountId,
                    header: a.label,
                    cells: [
                      { value: `×${a.multiplier}` },
                      { value: money(a.check.riskAmount) },
                      { value: money(a.maxRiskAmount) },
                      { value: <span className={`badge headroom-${TONE[verdict]}`}>{t(`tc.verdict.${verdict}`)}</span> },
                    ],
                  };
                })}
              />
            </div>
          )}
        </QueryView>
      )}
    </div>
  );
}

function NewGroupForm({ accounts, onDone }: { accounts: Account[]; onDone: () => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  // In the order ticked: the first is the master.
  const [chosen, setChosen] = useState<{ id: string; multiplier: string }[]>([]);
  const multiplierOf = (id: string) => chosen.find((c) => c.id === id)?.multiplier;
  const create = useMutation({
    mutationFn: () =>
      app.post('/account-groups', {
        name,
        accounts: chosen.map((c) => ({ accountId: c.id, multiplier: Number(c.multiplier) })),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['account-groups'] });
      onDone();
    },
  });
  return (
    <form
      className="grid-form"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <Field label={t('grp.name')} value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
      <fieldset className="group-members">
        <legend>{t('grp.members')}</legend>
        <p className="muted">{t('grp.membersHint')}</p>
        {accounts.map((a) => (
          <div key={a.id} className="group-member">
            <label className="check">
              <input
                type="checkbox"
                checked={multiplierOf(a.id) !== undefined}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, { id: a.id, multiplier: '1' }] : chosen.filter((c) => c.id !== a.id))
                }
              />{' '}
              {accountLabel(a, accounts)} ({a.currency}) {chosen[0]?.id === a.id && <span className="badge">{t('grp.master')}</span>}
            </label>
            {multiplierOf(a.id) !== undefined && (
              <Field
                label={t('grp.multiplier')}
                inputMode="decimal"
                value={multiplierOf(a.id)}
                onChange={(e) => setChosen(chosen.map((c) => (c.id === a.id ? { ...c, multiplier: e.target.value } : c)))}
              />
            )}
          </div>
        ))}
      </fieldset>
      <FormError error={create.error} />
      <div className="actions">
        <button type="submit" disabled={create.isPending || chosen.length === 0 || name.trim() === ''}>
          {t('grp.create')}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

export function AccountGroups({ accounts }: { accounts: Account[] }) {
  const { t } = useI18n();
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const groups = useQuery({ queryKey: ['account-groups'], queryFn: () => app.get('/account-groups') });
  return (
    <section className="card account-groups" aria-labelledby={headingId} data-testid="account-groups">
      <div className="page-head">
        <h2 id={headingId}>{t('grp.title')}</h2>
        {!adding && accounts.length > 1 && (
          <button type="button" className="secondary" onClick={() => setAdding(true)}>
            {t('grp.new')}
          </button>
        )}
      </div>
      <p className="muted">{t('grp.intro')}</p>
      {adding && <NewGroupForm accounts={accounts} onDone={() => setAdding(false)} />}
      <QueryView query={groups} isEmpty={(g) => g.groups.length === 0} empty={t(accounts.length > 1 ? 'grp.empty' : 'grp.needTwo')}>
        {(g) => (
          <ul className="group-list">
            {g.groups.map((group) => (
              <li key={group.id} className="group-item">
                <h3>{group.name}</h3>
                <p className="muted">
                  {group.accounts.map((a, i) => `${i === 0 ? `${t('grp.master')}: ` : ''}${a.label} ×${a.multiplier}`).join(' · ')}
                </p>
                <CopyTradingFindings findings={group.copyTrading} />
                <GroupCheckPanel group={group} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

/** Each of the group's firms' copy-trading rule against the group's challenges there (list_account_groups' copyTrading). */
function CopyTradingFindings({ findings }: { findings: readonly CopyFinding[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (findings.length === 0) return null;
  const amount = (text: string | null, currency: string | null) =>
    text === null || currency === null ? '—' : i18n.moneyRounded(Number(text), currency);
  return (
    <ul className="copy-trading" aria-label={t('grp.copy.title')}>
      {findings.map((f) => (
        <li key={f.firm}>
          <span className={`badge headroom-${COPY_TONE[f.verdict]}`}>{t(`grp.copy.badge.${f.verdict}`)}</span>{' '}
          {t(`grp.copy.${f.verdict}`, {
            firm: f.firm,
            count: f.challengeIds.length,
            limit: amount(f.limit, f.currency),
            sum: amount(f.sum, f.currency),
          })}
          {f.source && (
            <>
              {' '}
              <a href={f.source.url} target="_blank" rel="noreferrer noopener">
                {t(f.source.kind === 'third_party' ? 'grp.copy.thirdParty' : 'grp.copy.source')}
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
