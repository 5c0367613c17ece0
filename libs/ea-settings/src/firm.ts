/**
 * A prop firm's rules as the caller knows them (e.g. from a plan database).
 * `null` means unknown: the library never invents a value for it and says so in cautions.
 */
export interface PropFirmRules {
  firm: string;
  /** Daily loss limit in % (5 means 5%). */
  dailyLossPercent: number | null;
  dailyLossBasis: 'initial_balance' | 'day_start_balance' | 'max_balance_equity' | null;
  /** Total (maximum) loss limit in %. */
  maxLossPercent: number | null;
  maxLossType: 'static' | 'trailing_eod' | 'trailing_closed_balance' | 'trailing_equity' | null;
  eaPolicy: 'allowed' | 'restricted' | 'banned' | null;
  newsTrading: 'allowed' | 'restricted' | 'banned' | null;
  /** Minutes before and after high-impact news in which trading is restricted. */
  newsWindowMinutes: number | null;
  weekendHolding: 'allowed' | 'banned' | null;
  maxRiskPerTradePercent: number | null;
  hedging: 'allowed' | 'banned' | null;
}
