export type TransactionKind =
  'trade' | 'deposit' | 'withdrawal' | 'credit' | 'commission' | 'swap' | 'fee' | 'correction' | 'other-balance';

/**
 * One line that moves money (or credit) on the account. Amounts are exact decimal strings ("-12.50");
 * the net effect on the balance is profit + commission + swap + fee (credit moves no balance).
 */
export interface Transaction {
  kind: TransactionKind;
  /** MT5 deal number; MT4 ticket. */
  ticket: string;
  /**
   * Broker server wall clock 'YYYY-MM-DD HH:MM:SS', when the amount hit the balance: the deal time on MT5
   * (an `in` deal's commission is charged when it opens), the close time of an MT4 closed trade.
   */
  time: string;
  symbol: string | null;
  profit: string;
  commission: string;
  swap: string;
  /** MT5 "Fee" column; MT4 "Taxes". */
  fee: string;
  comment: string | null;
  /**
   * For trades, which side of a position the deal is: MT5's Direction column (`in`, `out`, `inout`, `out by`
   * as `out_by`); an MT4 closed-trade row is the whole round trip and reads `out`. Null for balance operations.
   */
  entry: 'in' | 'out' | 'inout' | 'out_by' | null;
}

export interface StatementAccount {
  login: string;
  name: string | null;
  currency: string | null;
  server: string | null;
  company: string | null;
}

export interface StatementSummary {
  /** MT5: Results "Total Net Profit"; MT4: Summary "Closed Trade P/L". */
  closedPnl?: string;
  /** MT4: Summary "Deposit/Withdrawal" (net). MT5 reports have no such total. */
  deposits?: string;
  /** Summary "Balance". */
  balance?: string;
}

export interface Statement {
  platform: 'mt5' | 'mt4';
  account: StatementAccount;
  /** When the terminal wrote the report, broker-local 'YYYY-MM-DD HH:MM:SS' (seconds are ':00' when MT omits them). */
  generatedAt: string | null;
  /**
   * The balance before the first transaction. MT5 reports of a chosen period start mid-history, and the
   * deals' Balance column tells what came before; full-history reports (and every accepted MT4 statement) say "0.00".
   */
  openingBalance: string;
  /** In the order of the statement. */
  transactions: Transaction[];
  summary: StatementSummary | null;
}
