import { useI18n } from '../../i18n/i18n.js';

/** What every coach answer says about the plan behind its rules (planFacts in the domain). */
export interface PlanFacts {
  planId: string | null;
  planLastCheckedOn: string | null;
  planStale: boolean | null;
}

/**
 * When the plan's rules were last checked against the firm, and a notice when that check is stale: the
 * figures beside it rest on those rules, so a trader is told to confirm them on the firm's site.
 */
export function PlanChecked({ facts }: { facts: PlanFacts }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (facts.planId === null || facts.planLastCheckedOn === null) return null;
  const date = i18n.date(facts.planLastCheckedOn);
  return facts.planStale ? (
    <p className="notice" role="note" data-testid="plan-stale">
      <span className="badge stale">{t('cat.stale')}</span> {t('plan.staleNotice', { date })}
    </p>
  ) : (
    <p className="muted small" data-testid="plan-checked">
      {t('plan.lastChecked', { date })}
    </p>
  );
}
