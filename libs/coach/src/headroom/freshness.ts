/**
 * How old the newest data is. A snapshot is as old as its time; a report is as old as the end of its
 * firm day (without a roll-over, a report older than yesterday is stale). No data at all is stale
 * once the attempt has run past its first day.
 */
import { firmDayBounds } from '../clock/firm-day.js';
import type { ParsedRollover } from '../clock/rollover.js';
import { isoUtc } from '../clock/zone.js';
import { addDays } from '../shared/calendar.js';
import type { Point } from './attempt-points.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface FreshnessInput {
  latest: Point | null;
  rollover: ParsedRollover | null;
  atMs: number;
  staleAfterMs: number;
  startedOn: string | null;
  today: string;
}

export function freshness(input: FreshnessInput, reasons: HeadroomReason[]): Headroom['stale'] {
  const stale = judgeFreshness(input);
  if (stale.isStale)
    reasons.push({
      rule: 'data',
      kind: 'stale',
      code: 'data.stale',
      values: { hours: Math.round((input.atMs - (stale.asOf ? Date.parse(stale.asOf) : input.atMs)) / 3_600_000), asOf: stale.asOf },
      message: `no data for ${Math.round((input.atMs - (stale.asOf ? Date.parse(stale.asOf) : input.atMs)) / 3_600_000)} hours: based on ${stale.basedOn}`,
    });
  return stale;
}

function judgeFreshness({ latest, rollover, atMs, staleAfterMs, startedOn, today }: FreshnessInput): Headroom['stale'] {
  if (!latest) {
    return {
      isStale: startedOn !== null && startedOn < today,
      basedOn: 'no data yet: the initial balance',
      source: 'initial_balance',
      day: null,
      asOf: null,
    };
  }
  if (latest.kind === 'snapshot' && latest.atMs !== null) {
    const asOf = isoUtc(latest.atMs);
    return { isStale: atMs - latest.atMs > staleAfterMs, basedOn: `snapshot at ${asOf}`, source: 'snapshot', day: null, asOf };
  }
  const report = { basedOn: `report of ${latest.day}`, source: 'report', day: latest.day } as const;
  if (!rollover) return { isStale: latest.day < addDays(today, -1), ...report, asOf: null };
  const endMs = firmDayBounds(latest.day, rollover).endMs;
  return { isStale: atMs - endMs > staleAfterMs, ...report, asOf: isoUtc(endMs) };
}
