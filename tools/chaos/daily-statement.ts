import { reportOfDays } from '@propfolio/mt-statements/testing';

/** The login of every {@link dailyStatement}: the reader's smallest MT5 report is of account 1. */
export const STATEMENT_LOGIN = '1';

/**
 * An MT5 history report of `days` consecutive days ending 2026-11-20 with `perDay` balance deals of +1.00 each
 * (the CPU pool's chaos case and the fairness benchmark import it as a signed-in user's ordinary file).
 */
export function dailyStatement(days: number, perDay: number): Uint8Array {
  return reportOfDays(STATEMENT_LOGIN, days, perDay, { deposit: false }).bytes;
}
