import { app, type AppCall } from '../../lib/api.js';

/** The answer of get_portfolio_today (libs/domain/src/portfolio/portfolio.outputs.ts), from the generated types. */
export type PortfolioToday = AppCall<'get', '/me/today'>;
export type TodayRow = PortfolioToday['accounts'][number];
export type TodayFloor = TodayRow['daily'];
export type TodayStatus = TodayRow['status'];
export type AccountGroup = AppCall<'get', '/account-groups'>['groups'][number];

export const todayQuery = { queryKey: ['portfolio-today'] as const, queryFn: () => app.get('/me/today'), refetchInterval: 60_000 };
/** The trader's groups, under the key the groups panel reads and refreshes (AccountGroups.tsx). */
export const groupsQuery = { queryKey: ['account-groups'] as const, queryFn: () => app.get('/account-groups') };

/** One line of the cockpit: an account alone, or a group's accounts (most at risk first) folded into one line. */
export type TodayItem = { kind: 'account'; row: TodayRow } | { kind: 'group'; id: string; name: string; rows: TodayRow[] };

/**
 * The rows (most at risk first, as the answer orders them) with each group's accounts folded into one item, placed
 * where its most-at-risk account was, so the line's status is its worst member's. An account in two groups is shown
 * under the first (in the groups' order) only: every account is one line of the cockpit, never two.
 */
export function todayItems(rows: readonly TodayRow[], groups: readonly AccountGroup[]): TodayItem[] {
  const groupOf = new Map<string, AccountGroup>();
  for (const g of groups) for (const a of g.accounts) if (!groupOf.has(a.accountId)) groupOf.set(a.accountId, g);
  const items: TodayItem[] = [];
  const folded = new Map<string, Extract<TodayItem, { kind: 'group' }>>();
  for (const row of rows) {
    const group = groupOf.get(row.accountId);
    if (!group) {
      items.push({ kind: 'account', row });
      continue;
    }
    let item = folded.get(group.id);
    if (!item) {
      item = { kind: 'group', id: group.id, name: group.name, rows: [] };
      folded.set(group.id, item);
      items.push(item);
    }
    item.rows.push(row);
  }
  return items;
}

/** The smallest % left to a floor among the rows (null when none states one): percentages compare across currencies. */
export function leastPercentLeft(rows: readonly TodayRow[], floor: 'daily' | 'max'): number | null {
  const known = rows.flatMap((r) => (r[floor].leftPercent === null ? [] : [r[floor].leftPercent]));
  return known.length === 0 ? null : Math.min(...known);
}
