import { useI18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';
import { RULE_KEYS, type BreachRule, type ReplayOutcome as Outcome } from '../../lib/plan-fit.js';

/** Each rule's own mark, so a breach reads without its colour (and the legend says which is which). */
const RULE_MARKS: Record<BreachRule, string> = { dailyLoss: 'D', maxLoss: 'M', timeLimit: 'T', consistency: 'C' };
const MARKS = { passed: '✓', open: '…' } as const;

function markOf(o: Outcome): string {
  if (o.outcome === 'breached' && o.rule) return RULE_MARKS[o.rule];
  return o.outcome === 'passed' ? MARKS.passed : MARKS.open;
}

/**
 * One plan's start dates in a row, oldest first: passed green with a tick, breached red with the letter of the
 * rule that broke, still open grey. Each cell names its date and outcome for a screen reader and on hover.
 */
export function ReplayStrip({ outcomes }: { outcomes: readonly Outcome[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const label = (o: Outcome): string => {
    const start = i18n.date(o.start);
    if (o.outcome === 'passed') return t('fit.cell.passed', { start, day: o.day ?? 0 });
    if (o.outcome === 'breached' && o.rule) return t('fit.cell.breached', { start, day: o.day ?? 0, rule: t(RULE_KEYS[o.rule]) });
    return t('fit.cell.open', { start });
  };
  const legend: [string, string, MessageKey][] = [
    ['passed', MARKS.passed, 'fit.legend.passed'],
    ...(Object.keys(RULE_MARKS) as BreachRule[]).map((r): [string, string, MessageKey] => [`breached`, RULE_MARKS[r], RULE_KEYS[r]]),
    ['open', MARKS.open, 'fit.legend.open'],
  ];
  return (
    <div className="replay-strip">
      <ol className="strip" aria-label={t('fit.stripLabel')} data-testid="replay-strip">
        {outcomes.map((o) => (
          <li key={o.start} className={`strip-cell ${o.outcome}`} title={label(o)}>
            <span aria-hidden="true">{markOf(o)}</span>
            <span className="visually-hidden">{label(o)}</span>
          </li>
        ))}
      </ol>
      <ul className="strip-legend" aria-label={t('fit.legend')}>
        {legend.map(([kind, mark, key]) => (
          <li key={`${kind}-${mark}`}>
            <span className={`strip-cell ${kind}`} aria-hidden="true">
              {mark}
            </span>{' '}
            {t(key)}
          </li>
        ))}
      </ul>
    </div>
  );
}
