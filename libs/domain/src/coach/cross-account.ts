/**
 * Rules across one trader's accounts at a firm, for headroom and the cockpit: which of the caller's accounts hold
 * opposite positions on one symbol with another of their accounts at a firm whose rules forbid it (the coach's
 * `crossAccountHedges`, each account naming the other), and the firm's allocation cap over the caller's challenges
 * in progress there. A hedge across accounts is a rule broken (amber), never a floor crossed.
 */
import { crossAccountHedges, type CrossAccountAccount } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import type { OpenPositionFact } from '@propfolio/coach';
import type { FirmCrossAccount, FirmCrossAccountSource } from '../shared/firm-cross-account.js';
import { Nullable } from '../shared/schemas.js';

/** The rule name a hedge across accounts is listed under (the cockpit's `rules`). */
export const CROSS_ACCOUNT_HEDGING = 'crossAccountHedging';

/** An account's row as the rule reads it: its challenge's firm and plan, and its newest snapshot's open positions. */
export interface HedgeRowFacts {
  accountId: string;
  challengeId: string | null;
  label: string;
  firm: string | null;
  planId: string | null;
  open: { asOf: string; positions: readonly OpenPositionFact[] } | null;
}

export const CrossAccountHedgeSchema = Type.Object(
  {
    accountId: Type.String({ description: 'The account flagged (each pair is listed on both accounts).' }),
    firm: Type.String({ description: 'The firm whose rules forbid it.' }),
    otherAccountId: Type.String({ description: 'The account holding the opposite position.' }),
    otherAccount: Type.String({ description: 'Its name.' }),
    symbol: Type.String(),
    side: Type.Enum(['buy', 'sell'], { description: "This account's side." }),
    position: Type.String({ description: "This account's position." }),
    otherPosition: Type.String({ description: "The other account's position." }),
    since: Type.String({ format: 'date-time', description: 'First instant both were known open.' }),
    source: Type.Object({
      url: Type.String(),
      readOn: Type.String({ description: 'YYYY-MM-DD.' }),
      kind: Nullable(Type.Enum(['firm', 'third_party'])),
    }),
    message: Type.String({ description: 'Plain-language finding (English).' }),
  },
  { description: 'Opposite positions on one symbol, open together on this account and another of yours at one firm that forbids it.' },
);
export type CrossAccountHedgeView = Static<typeof CrossAccountHedgeSchema>;

/** Each row's hedges across accounts, by account id (an account with none is absent). */
export function hedgesAcrossAccounts(
  rows: readonly HedgeRowFacts[],
  source: FirmCrossAccountSource | null,
): Map<string, CrossAccountHedgeView[]> {
  if (source === null) return new Map();
  const firms = new Map<string, FirmCrossAccount>();
  const accounts: CrossAccountAccount[] = rows.map((row) => {
    const firm = row.firm === null ? null : source.firmCrossAccount(row.firm, row.planId);
    if (firm) firms.set(firm.slug, firm);
    return {
      id: row.accountId,
      label: row.label,
      group: row.challengeId ?? row.accountId,
      firm: firm?.slug ?? null,
      // Each is known open from its opening until the snapshot that lists it.
      positions: (row.open?.positions ?? []).map((p) => ({
        position: p.position,
        symbol: p.symbol,
        side: p.side,
        openedAt: p.openedAt,
        openUntil: row.open?.asOf ?? p.openedAt,
      })),
    };
  });
  const hedges = crossAccountHedges(accounts, (slug) => {
    const value = firms.get(slug)?.rules.hedging?.value;
    return value === undefined ? null : value === 'forbidden';
  });
  const slugOf = new Map(accounts.map((a) => [a.id, a.firm]));
  return new Map(
    [...hedges].map(([accountId, list]) => {
      const firm = firms.get(slugOf.get(accountId) ?? '') as FirmCrossAccount;
      const fact = firm.rules.hedging as NonNullable<FirmCrossAccount['rules']['hedging']>;
      return [
        accountId,
        list.map((h) => ({
          accountId,
          firm: firm.name,
          otherAccountId: h.otherAccountId,
          otherAccount: h.otherLabel,
          symbol: h.symbol,
          side: h.side,
          position: h.position,
          otherPosition: h.otherPosition,
          since: h.since,
          source: { url: fact.source.url, readOn: fact.source.readOn, kind: fact.source.kind ?? null },
          message: `${h.side === 'buy' ? 'Long' : 'Short'} ${h.symbol} here while ${h.otherLabel} is ${h.side === 'buy' ? 'short' : 'long'} it: ${firm.name} forbids opposite positions across one trader's accounts.`,
        })),
      ];
    }),
  );
}
