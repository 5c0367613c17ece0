import { FUNDED_PHASE as FUNDED } from '../shared/phase-label.js';

/**
 * Which phase of the plan a challenge's free-text phase label names: "Phase 2", "フェーズ2", "Step 1" →
 * the 0-based index into the plan's targets; "Funded", "ファンド", "Live" → null (no target). A label
 * without a number on a one-phase plan is that phase; anything else is null, and the target reads unknown.
 */
export function phaseIndexOf(label: string, phases: number | null): number | null {
  const text = label.normalize('NFKC').toLowerCase();
  if (FUNDED.test(text)) return null;
  const digits = /(\d+)/.exec(text);
  if (digits) {
    const index = Number(digits[1]) - 1;
    return index >= 0 && (phases === null || index < phases) ? index : null;
  }
  return phases === 1 ? 0 : null;
}

/**
 * The phase whose rules a simulation applies: its 0-based index, `'funded'` (no target), or null when the
 * label names no phase of the plan (its target is then unknown, and a simulation says so).
 */
export function phaseOf(label: string, phases: number | null): number | 'funded' | null {
  return FUNDED.test(label.normalize('NFKC').toLowerCase()) ? 'funded' : phaseIndexOf(label, phases);
}
