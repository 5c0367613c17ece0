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

/**
 * One deal of a {@link Position}: an entry (opens it or, on a netting account, adds to it) or an exit (closes all
 * or part of it). Times are broker wall clock like {@link Transaction.time}; amounts are exact decimal strings.
 * Each deal's money hits the balance at its own time, so folding entries and exits by day gives the same closed
 * P&L as folding the transactions.
 */
export interface PositionDeal {
  /** MT5 deal number; MT4 ticket (an MT4 row is both the entry and the exit). */
  deal: string;
  time: string;
  /** Lots, as a decimal string ("0.50"). */
  volume: string;
  price: string;
  /** Realised profit: exits only, "0.00" on entries. */
  profit: string;
  commission: string;
  swap: string;
  fee: string;
}

/**
 * A closed position built from the trade transactions: MT5 `in`/`out`/`inout`/`out by` deals paired by symbol and
 * side (see README), an MT4 closed-transaction row (a round trip). Positions still open when the report was
 * written are left out; balance operations never make one.
 */
export interface Position {
  /** MT5: the ticket of the order that opened it (MT5's position id); MT4: the ticket. */
  position: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Lots opened (the sum of the entries; equal to the sum of the exits). */
  volume: string;
  /** Broker wall clock of the first entry and of the last exit. */
  openedAt: string;
  closedAt: string;
  /** Volume-weighted over the entries and over the exits (see README for the rounding). */
  openPrice: string;
  closePrice: string;
  /** As the report shows them (MT5's Positions table, MT4's S / L and T / P columns); null when none was set. */
  stopLoss: string | null;
  takeProfit: string | null;
  /** Sums over entries and exits. */
  commission: string;
  swap: string;
  fee: string;
  profit: string;
  /** profit + commission + swap + fee. */
  net: string;
  comment: string | null;
  /** The EA's magic number where the report shows one (MT4's row under a trade); null on MT5 reports. */
  magic: string | null;
  entries: PositionDeal[];
  exits: PositionDeal[];
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
  /** Closed positions, in the order their last exit appears in the statement. */
  positions: Position[];
  summary: StatementSummary | null;
}
