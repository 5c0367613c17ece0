import { mt5Report, type BuiltDeal } from '../../libs/mt-statements/test/mt5-builder.js';

/** The login of every {@link dailyStatement}: the reader's smallest MT5 report is of account 1. */
export const STATEMENT_LOGIN = '1';

/**
 * An MT5 history report of `days` consecutive days ending 2026-11-20 with `perDay` balance deals of +1.00 each
 * (the CPU pool's chaos case and the fairness benchmark import it as a signed-in user's ordinary file).
 */
export function dailyStatement(days: number, perDay: number): Uint8Array {
  const last = Date.UTC(2026, 10, 20);
  const deals: BuiltDeal[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const day = new Date(last - d * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '.');
    for (let i = 0; i < perDay; i++) deals.push({ time: `${day} ${String(10 + i).padStart(2, '0')}:00:00`, profit: '1.00' });
  }
  return mt5Report(deals, (days * perDay).toFixed(2), '2026.11.21 10:00');
}
