/**
 * A copy-trading group's members held against each of their firms' copy-trading rules (the coach's
 * `judgeCopyTrading`): what list_account_groups shows beside each group. A finding, never a refusal.
 */
import { judgeCopyTrading, type CopyTradingMember } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import { Nullable } from '../shared/schemas.js';
import type { FirmCrossAccount, FirmCrossAccountSource } from '../shared/firm-cross-account.js';
import { isFundedPhase } from '../shared/phase-label.js';
import type { AllocationChallengeFacts } from './challenges.repository.js';

export const CopyTradingSchema = Type.Object(
  {
    firm: Type.String({ description: 'The catalog firm.' }),
    verdict: Type.Enum(['forbidden', 'over', 'within_limit', 'restricted', 'allowed', 'unknown'], {
      description:
        'forbidden: the firm forbids copy trading; over / within_limit: the members there hold more / not more than its limit; restricted: conditions in `note`; unknown: no rule stated.',
    }),
    challengeIds: Type.Array(Type.String(), { description: 'The group’s challenges in progress at the firm.' }),
    limit: Nullable(Type.String({ description: 'The most the copied accounts may hold together, exact, in `currency`.' })),
    currency: Nullable(Type.String()),
    sum: Nullable(Type.String({ description: 'The members’ sizes there added up (those in `currency`).' })),
    source: Nullable(Type.Object({ url: Type.String(), readOn: Type.String(), kind: Nullable(Type.Enum(['firm', 'third_party'])) })),
    note: Nullable(Type.String()),
    message: Type.String({ description: 'Plain-language finding (English).' }),
  },
  { description: "One firm's copy-trading rule against this group's challenges in progress there." },
);
export type CopyTradingView = Static<typeof CopyTradingSchema>;

/** A group member as this judgement needs it: the account and its challenge (null: not linked). */
export interface CopiedAccount {
  accountId: string;
  challengeId: string | null;
}

/**
 * The group's challenges in progress (each once, however many terminals trade it) judged per firm. Members whose
 * challenge is not in progress, not linked or at a firm the catalog does not know are left out.
 */
export function copyTradingOfGroup(
  source: FirmCrossAccountSource | null,
  members: readonly CopiedAccount[],
  inProgress: readonly AllocationChallengeFacts[],
): CopyTradingView[] {
  if (source === null) return [];
  const byId = new Map(inProgress.map((c) => [c.id, c]));
  const firms = new Map<string, FirmCrossAccount>();
  const seen = new Set<string>();
  const judged: CopyTradingMember[] = [];
  for (const member of members) {
    const challenge = member.challengeId === null ? undefined : byId.get(member.challengeId);
    if (!challenge || seen.has(challenge.id)) continue;
    seen.add(challenge.id);
    const firm = source.firmCrossAccount(challenge.firm, challenge.planId);
    if (firm) firms.set(firm.slug, firm);
    judged.push({
      id: challenge.id,
      label: `${challenge.firm} ${challenge.plan}`,
      firm: firm?.slug ?? null,
      funded: isFundedPhase(challenge.phase),
      size: challenge.size,
      currency: challenge.currency,
    });
  }
  const ruleOf = (slug: string) => {
    const rule = firms.get(slug)?.rules.copyTrading;
    if (!rule) return null;
    return {
      value: rule.value,
      ...(rule.maxAllocation === undefined ? {} : { maxAllocation: String(rule.maxAllocation) }),
      ...(rule.currency === undefined ? {} : { currency: rule.currency }),
    };
  };
  return judgeCopyTrading(judged, ruleOf).map((j) => {
    const firm = firms.get(j.firm) as FirmCrossAccount;
    const rule = firm.rules.copyTrading;
    const limit = j.allocation ? j.allocation.cap.amount : null;
    const currency = j.allocation ? j.allocation.cap.currency : null;
    const sum = j.allocation ? j.allocation.sum : null;
    return {
      firm: firm.name,
      verdict: j.verdict,
      challengeIds: j.accounts,
      limit,
      currency,
      sum,
      source: rule ? { url: rule.source.url, readOn: rule.source.readOn, kind: rule.source.kind ?? null } : null,
      note: rule?.note ?? null,
      message: messageOf(firm.name, j.verdict, j.accounts.length, limit, currency, sum),
    };
  });
}

function messageOf(
  firm: string,
  verdict: CopyTradingView['verdict'],
  count: number,
  limit: string | null,
  currency: string | null,
  sum: string | null,
): string {
  const accounts = count === 1 ? 'one challenge' : `${count} challenges`;
  switch (verdict) {
    case 'forbidden':
      return `${firm} forbids copy trading; this group copies into ${accounts} there.`;
    case 'over':
      return `${firm} allows copy trading while the copied accounts hold at most ${limit} ${currency}; this group's ${accounts} there hold ${sum} ${currency}, over the limit.`;
    case 'within_limit':
      return `${firm} allows copy trading while the copied accounts hold at most ${limit} ${currency}; this group's ${accounts} there hold ${sum} ${currency}.`;
    case 'restricted':
      return `${firm} allows copy trading on conditions (see note).`;
    case 'allowed':
      return `${firm} allows copy trading.`;
    default:
      return `The catalog states no copy-trading rule for ${firm}.`;
  }
}
