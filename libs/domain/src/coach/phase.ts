/**
 * Which phase of the plan a challenge's free-text phase label names: "Phase 2", "フェーズ2", "Step 1" →
 * the 0-based index into the plan's targets; "Funded", "ファンド", "Live" → null (no target). A label
 * without a number on a one-phase plan is that phase; anything else is null, and the target reads unknown.
 */
export function phaseIndexOf(label: string, phases: number | null): number | null {
  const text = label.normalize('NFKC').toLowerCase();
  if (/fund|live|master|payout|ファンド|本番|合格後/.test(text)) return null;
  const digits = /(\d+)/.exec(text);
  if (digits) {
    const index = Number(digits[1]) - 1;
    return index >= 0 && (phases === null || index < phases) ? index : null;
  }
  return phases === 1 ? 0 : null;
}
