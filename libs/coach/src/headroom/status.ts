/**
 * The one-word status from the reasons, worst first: a breach, then a warning, then an unknown rule
 * that can end the attempt (the daily loss, maximum loss or time limit). Unknown targets, trading
 * days or consistency do not make the status unknown: they cannot breach.
 */
import type { Headroom, HeadroomReason } from './schema.js';

const RULES_THAT_END_AN_ATTEMPT: readonly HeadroomReason['rule'][] = ['dailyLoss', 'maxLoss', 'timeLimit'];

export function statusOf(reasons: readonly HeadroomReason[]): Headroom['status'] {
  const has = (kind: HeadroomReason['kind'], affecting?: readonly HeadroomReason['rule'][]) =>
    reasons.some((r) => r.kind === kind && (!affecting || affecting.includes(r.rule)));
  if (has('breached')) return 'breached';
  if (has('warning')) return 'warning';
  if (has('unknown', RULES_THAT_END_AN_ATTEMPT)) return 'unknown';
  return 'ok';
}
