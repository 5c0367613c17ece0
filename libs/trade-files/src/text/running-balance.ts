import Decimal from 'decimal.js';
import { TradeFileError } from '../errors.js';

/** One row of a file that states the balance after it: how much the row moved the balance, and the balance written. */
export interface BalanceStep {
  line: number;
  /** The balance column's header as the file writes it. */
  column: string;
  /** The balance cell as written, for the refusal. */
  written: string;
  balance: Decimal;
  /** What the row adds to the balance (its net: profit and costs; a deposit's amount). */
  change: Decimal;
}

/**
 * A file that gives balances must add up: each step's balance is the one before it plus the step's change (the first
 * step sets where the file starts). The first step that does not is refused naming its line, the balance column and
 * the value, so a cut, edited or misread file is refused whole, as MetaTrader statements are.
 */
export function checkRunningBalance(steps: readonly BalanceStep[]): void {
  let before: Decimal | null = null;
  for (const step of steps) {
    const expected: Decimal = before === null ? step.balance : before.plus(step.change);
    if (!expected.equals(step.balance)) {
      throw new TradeFileError(
        'unreadable_row',
        `Line ${step.line}: the ${step.column} ${step.written} is not the balance before it plus this row ` +
          `(${expected.toFixed()}); the file looks cut or edited.`,
        { row: step.line, column: step.column, value: step.written },
        { reason: 'balance_mismatch', params: { expected: expected.toFixed() } },
      );
    }
    before = step.balance;
  }
}
