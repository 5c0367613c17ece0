/**
 * A firm's cap on one trader's combined allocation, judged over the trader's challenges in progress at that firm
 * (the coach's `judgeAllocation`): what create_challenge warns of, and headroom shows. A warning, never a refusal.
 */
import { judgeAllocation } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import { Nullable } from '../shared/schemas.js';
import type { FirmCrossAccount, FirmCrossAccountSource } from '../shared/firm-cross-account.js';
import { isFundedPhase } from '../shared/phase-label.js';
import type { AllocationChallengeFacts } from './challenges.repository.js';

const SourceSchema = Type.Object({
  url: Type.String(),
  readOn: Type.String({ description: 'YYYY-MM-DD.' }),
  kind: Nullable(Type.Enum(['firm', 'third_party'], { description: "firm: the firm's own page; third_party: where it says nothing." })),
});

export const AllocationSchema = Type.Object(
  {
    firm: Type.String({ description: 'The catalog firm.' }),
    cap: Type.String({ description: 'The cap, exact, in `currency`.' }),
    currency: Type.String(),
    counts: Nullable(
      Type.Enum(['funded', 'all'], { description: 'funded: funded accounts only; all: evaluations too; null: unknown (all added).' }),
    ),
    sum: Type.String({ description: 'The counted challenges’ sizes added up, in `currency`.' }),
    over: Type.Boolean({ description: 'True when `sum` is above `cap`.' }),
    counted: Type.Array(Type.Object({ challengeId: Type.String(), label: Type.String(), size: Type.String() })),
    notCounted: Type.Array(Type.Object({ challengeId: Type.String(), reason: Type.Enum(['size_unknown', 'other_currency']) }), {
      description: 'Challenges the cap counts whose size is unknown or in another currency: not added.',
    }),
    source: SourceSchema,
    note: Nullable(Type.String()),
    message: Type.String({ description: 'Plain-language finding (English).' }),
  },
  { description: "A firm's cap on one trader's combined allocation against the trader's challenges in progress there." },
);
export type Allocation = Static<typeof AllocationSchema>;

const label = (c: AllocationChallengeFacts): string => `${c.firm} ${c.plan} (${c.phase})`;
const exact = (text: string): string => text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/**
 * The cap of the firm `firm` (a challenge's firm text and plan id) over the owner's challenges in progress at it;
 * null when the catalog states no cap for the firm, or knows no firm.
 */
export function allocationAtFirm(
  source: FirmCrossAccountSource | null,
  firm: { firm: string; planId: string | null },
  challenges: readonly AllocationChallengeFacts[],
): Allocation | null {
  const at = source?.firmCrossAccount(firm.firm, firm.planId) ?? null;
  const cap = at?.rules.allocationCap;
  if (!at || !cap) return null;
  const mine = challenges.filter((c) => sameFirm(source, at, c));
  const judged = judgeAllocation(
    mine.map((c) => ({
      id: c.id,
      label: label(c),
      funded: isFundedPhase(c.phase),
      size: c.size === null ? null : exact(c.size),
      currency: c.currency,
    })),
    { amount: String(cap.amount), currency: cap.currency, counts: cap.counts },
  );
  const byId = new Map(mine.map((c) => [c.id, c]));
  const counted = judged.counted.map((id) => {
    const c = byId.get(id) as AllocationChallengeFacts;
    return { challengeId: id, label: label(c), size: exact(c.size ?? '0') };
  });
  const what =
    cap.counts === 'funded'
      ? 'funded accounts'
      : cap.counts === 'all'
        ? 'evaluations and funded accounts'
        : 'accounts (what counts is unknown)';
  return {
    firm: at.name,
    cap: String(cap.amount),
    currency: cap.currency,
    counts: cap.counts,
    sum: judged.sum,
    over: judged.over,
    counted,
    notCounted: judged.notCounted.map((n) => ({ challengeId: n.id, reason: n.reason })),
    source: { url: cap.source.url, readOn: cap.source.readOn, kind: cap.source.kind ?? null },
    note: cap.note ?? null,
    message: `${at.name} caps one trader's ${what} at ${cap.amount} ${cap.currency}; your challenges in progress there that count add up to ${judged.sum} ${cap.currency}${judged.over ? ', over the cap' : ''}.`,
  };
}

function sameFirm(source: FirmCrossAccountSource | null, at: FirmCrossAccount, c: AllocationChallengeFacts): boolean {
  return source?.firmCrossAccount(c.firm, c.planId)?.slug === at.slug;
}
