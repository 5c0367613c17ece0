/**
 * What the next roll-over does if the open positions stay open: the new day's floor is set from the
 * levels at the reset, while the floating loss carries over into it.
 */
import type { FirmDayBounds } from '../clock/firm-day.js';
import type { ParsedRollover } from '../clock/rollover.js';
import { isoUtc } from '../clock/zone.js';
import { type Decimal, num } from '../shared/money.js';
import { dailyFloor, type KnownDaily } from '../rules/apply.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface NextResetInput {
  daily: KnownDaily | null;
  rollover: ParsedRollover | null;
  /** Today's firm day, when the roll-over is known: its end is the next reset. */
  today: FirmDayBounds | null;
  initial: Decimal;
  balanceNow: Decimal;
  equityNow: Decimal;
}

export function nextResetHeadroom(input: NextResetInput, reasons: HeadroomReason[]): Headroom['nextReset'] {
  const { daily, rollover, today, initial, balanceNow, equityNow } = input;
  const out: Headroom['nextReset'] = {
    at: today ? isoUtc(today.endMs) : null,
    dailyFloorAfterReset: null,
    carriedFloating: num(equityNow.minus(balanceNow)),
    leftAfterReset: null,
  };
  if (!daily) return out;
  const next = dailyFloor(daily, initial, { balance: balanceNow, equity: equityNow });
  const leftAfter = equityNow.minus(next.floor);
  out.dailyFloorAfterReset = num(next.floor);
  out.leftAfterReset = num(leftAfter);
  if (rollover && leftAfter.lt(0)) {
    reasons.push({
      rule: 'dailyLoss',
      kind: 'warning',
      code: 'dailyLoss.reset_breach',
      values: { equity: num(equityNow), floorAfterReset: num(next.floor) },
      message: `holding the open positions over the next reset would breach: equity ${num(equityNow)} is below tomorrow's floor ${num(next.floor)}`,
    });
  }
  return out;
}
