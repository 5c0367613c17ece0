import { daysBetween } from '@propfolio/core';

/** A phase name that means the funded (live) stage rather than an evaluation phase. */
const FUNDED_PHASE = /fund|live|master|ファンド|本番/i;

export interface Attempt {
  id: string;
  firm: string;
  purchasedAt: string;
  status: 'in_progress' | 'passed' | 'failed';
  passedAt: string | null;
  /** Phase after each change, oldest first (the first is the purchase). */
  history: { date: string; phase: string }[];
  /** Dates of its paid payouts up to the end of the period. */
  paidPayouts: string[];
}

export interface AttemptFacts {
  evaluationPhases: number;
  funded: boolean;
  fundedOn: string | null;
  breached: boolean;
}

/**
 * What an attempt got through: its evaluation phases are the distinct non-funded phase names of its
 * history (at least one); it is funded once passed (status `passed`, or a pass date kept after a breach)
 * or once its phase is named like a funded stage ("Funded", "Live", "Master", "ファンド").
 */
export function attemptFacts(attempt: Attempt): AttemptFacts {
  const phases = new Set<string>();
  let fundedByPhase: string | null = null;
  for (const entry of attempt.history) {
    if (FUNDED_PHASE.test(entry.phase)) fundedByPhase ??= entry.date;
    else phases.add(entry.phase.trim().toLowerCase());
  }
  const fundedOn = attempt.passedAt ?? fundedByPhase;
  return {
    evaluationPhases: Math.max(1, phases.size),
    funded: fundedOn !== null || attempt.status === 'passed',
    fundedOn,
    breached: attempt.status === 'failed',
  };
}

/** A ratio rounded to 4 decimals, or null when the denominator is 0. */
export const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function funnel(attempts: Attempt[]) {
  const facts = attempts.map((a) => ({ attempt: a, ...attemptFacts(a) }));
  const deepest = Math.max(0, ...facts.map((f) => f.evaluationPhases));
  const phases = Array.from({ length: deepest }, (_, i) => {
    const step = i + 1;
    const reached = facts.filter((f) => f.evaluationPhases >= step).length;
    const passed = facts.filter((f) => f.evaluationPhases > step || (f.evaluationPhases === step && f.funded)).length;
    return { step, reached, passed, passRate: ratio(passed, reached) };
  });
  const funded = facts.filter((f) => f.funded);
  const firstPayout = funded.filter((f) => f.attempt.paidPayouts.length > 0).length;
  const breached = facts.filter((f) => f.breached).length;
  return {
    attempts: attempts.length,
    inProgress: attempts.filter((a) => a.status === 'in_progress').length,
    phases,
    funded: { count: funded.length, rate: ratio(funded.length, attempts.length) },
    firstPayout: { count: firstPayout, rate: ratio(firstPayout, funded.length) },
    breached: { count: breached, rate: ratio(breached, attempts.length) },
  };
}

/** Days from purchase to funding of each funded attempt with a known funding date. */
export const daysToPass = (attempts: Attempt[]): number[] =>
  attempts.flatMap((a) => {
    const { fundedOn } = attemptFacts(a);
    return fundedOn ? [daysBetween(a.purchasedAt, fundedOn)] : [];
  });
