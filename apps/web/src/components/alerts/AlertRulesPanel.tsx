import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app, type AppCall } from '../../lib/api.js';
import { allPages } from '../../lib/queries.js';
import { challengeLabel } from '../../lib/names.js';
import { useI18n } from '../../i18n/i18n.js';
import { SelectField } from '../Field.js';
import { FormError, QueryView } from '../states.js';

type Rules = AppCall<'get', `/challenges/${string}/alert-rules`>;
type Rule = Rules['rules'][number];
export const RULE_KINDS = ['daily_loss', 'max_loss', 'breached', 'target_reached', 'best_day', 'tracker_silent', 'news_ahead'] as const;
/** Rules measured against a threshold (percent, or minutes for tracker_silent and news_ahead); the others take none. */
const WITH_THRESHOLD = new Set<string>(['daily_loss', 'max_loss', 'best_day', 'tracker_silent', 'news_ahead']);
/** The rules whose threshold is minutes, with the most each takes (the contract's bounds); the others take a percent up to 100. */
export const MINUTES_MAX = new Map<string, number>([
  ['tracker_silent', 1440],
  ['news_ahead', 240],
]);

/** One challenge's alert rules: the defaults until changed, edited as a list and saved whole (set_alert_rules). */
function RulesEditor({ challengeId }: { challengeId: string }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const rules = useQuery({ queryKey: ['alert-rules', challengeId], queryFn: () => app.get(`/challenges/${challengeId}/alert-rules`) });
  const [draft, setDraft] = useState<Rule[] | null>(null);
  const [adding, setAdding] = useState<{ rule: string; threshold: string }>({ rule: 'daily_loss', threshold: '25' });
  useEffect(() => setDraft(null), [challengeId]);
  const save = useMutation({
    mutationFn: (next: Rule[] | null) => app.patch(`/challenges/${challengeId}/alert-rules`, { rules: next }),
    onSuccess: (answer) => {
      setDraft(null);
      client.setQueryData(['alert-rules', challengeId], answer);
    },
  });
  return (
    <QueryView query={rules}>
      {(current) => {
        const shown = draft ?? current.rules;
        const add = () => {
          const threshold = WITH_THRESHOLD.has(adding.rule) ? Number(adding.threshold) : null;
          setDraft([...shown, { rule: adding.rule as Rule['rule'], threshold }]);
        };
        return (
          <div className="alert-rules">
            <p className="muted">{current.isDefault && draft === null ? t('alerts.rules.defaults') : t('alerts.rules.custom')}</p>
            <ul className="list">
              {shown.map((r, i) => (
                <li key={`${r.rule}-${r.threshold ?? ''}-${i}`} className="rule-row">
                  <span>
                    {t(`alerts.rule.${r.rule}`)}
                    {r.threshold === null
                      ? ''
                      : MINUTES_MAX.has(r.rule)
                        ? ` · ${t('alerts.rules.minutes', { n: r.threshold })}`
                        : ` · ${r.threshold}%`}
                  </span>
                  <button
                    type="button"
                    onClick={() => setDraft(shown.filter((_, j) => j !== i))}
                    aria-label={`${t('alerts.rules.drop')}: ${t(`alerts.rule.${r.rule}`)} ${r.threshold ?? ''}`}
                  >
                    {t('alerts.rules.drop')}
                  </button>
                </li>
              ))}
            </ul>
            <div className="rule-add">
              <SelectField
                label={t('alerts.rules.kind')}
                value={adding.rule}
                onChange={(e) => setAdding({ ...adding, rule: e.target.value })}
              >
                {RULE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`alerts.rule.${k}`)}
                  </option>
                ))}
              </SelectField>
              {WITH_THRESHOLD.has(adding.rule) && (
                <div className="field">
                  <label htmlFor="alert-rule-threshold">
                    {MINUTES_MAX.has(adding.rule)
                      ? t(adding.rule === 'news_ahead' ? 'alerts.rules.thresholdNewsMinutes' : 'alerts.rules.thresholdMinutes')
                      : t('alerts.rules.thresholdPercent')}
                  </label>
                  <input
                    id="alert-rule-threshold"
                    type="number"
                    min={1}
                    max={MINUTES_MAX.get(adding.rule) ?? 100}
                    value={adding.threshold}
                    onChange={(e) => setAdding({ ...adding, threshold: e.target.value })}
                  />
                </div>
              )}
              <button type="button" onClick={add}>
                {t('alerts.rules.add')}
              </button>
            </div>
            <FormError error={save.error} />
            <div className="actions">
              <button type="button" disabled={draft === null || save.isPending} onClick={() => save.mutate(draft)}>
                {t('common.save')}
              </button>
              <button type="button" disabled={current.isDefault || save.isPending} onClick={() => save.mutate(null)}>
                {t('alerts.rules.reset')}
              </button>
            </div>
          </div>
        );
      }}
    </QueryView>
  );
}

/** Picks one of the user's challenges (the active ones first) and edits its rules. */
export function AlertRulesPanel() {
  const { t } = useI18n();
  const challenges = useQuery({ queryKey: ['challenges', 'all'], queryFn: () => allPages('/challenges', { status: 'all' }) });
  const [chosen, setChosen] = useState('');
  return (
    <QueryView query={challenges} isEmpty={(list) => list.length === 0} empty={t('alerts.rules.noChallenges')}>
      {(list) => {
        // Opens on a challenge in progress (a failed one has no alerts to tune), the newest first.
        const id = chosen || (list.find((c) => c.status === 'in_progress') ?? list[0])?.id || '';
        return (
          <>
            <SelectField label={t('alerts.rules.challenge')} value={id} onChange={(e) => setChosen(e.target.value)}>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {challengeLabel(c, list)}
                </option>
              ))}
            </SelectField>
            {id && <RulesEditor challengeId={id} />}
          </>
        );
      }}
    </QueryView>
  );
}
