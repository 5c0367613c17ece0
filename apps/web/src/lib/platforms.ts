/**
 * The trading platforms an EA account records (list_accounts `platform`), as the dashboard names them, and the root
 * a futures contract symbol resolves to on the futures platforms' accounts ("MNQ (MNQH6)").
 */
import { PLATFORMS, type Platform } from '@propfolio/coach';
import { parseContract } from '@propfolio/trade-files';

export { PLATFORMS, type Platform };

/** Product names, the same in every language; `other` is a word and is translated (pf.other). */
const NAMES: Record<Exclude<Platform, 'other'>, string> = {
  mt4: 'MetaTrader 4',
  mt5: 'MetaTrader 5',
  ctrader: 'cTrader',
  dxtrade: 'DXtrade',
  matchtrader: 'Match-Trader',
  tradelocker: 'TradeLocker',
  ninjatrader: 'NinjaTrader',
  tradovate: 'Tradovate',
  topstepx: 'TopstepX',
  rithmic: 'Rithmic',
};

/** The platform's name, `otherLabel` for `other`. */
export function platformName(platform: Platform, otherLabel: string): string {
  return platform === 'other' ? otherLabel : NAMES[platform];
}

/** The platform's name, `unknownLabel` when the account records none. */
export function platformLabel(platform: Platform | null, otherLabel: string, unknownLabel: string): string {
  return platform === null ? unknownLabel : platformName(platform, otherLabel);
}

/**
 * An account's platform, or null when it records none. Read loosely: an answer from a server older than the
 * platform column has no such field.
 */
export function accountPlatform(account: { id: string; platform?: string | null }): Platform | null {
  return PLATFORMS.find((p) => p === account.platform) ?? null;
}

/** Where symbols are futures contracts: elsewhere `HK50` or `EU50` is a CFD index, not a contract of root `H`. */
const FUTURES_PLATFORMS: ReadonlySet<Platform> = new Set(['ninjatrader', 'tradovate', 'topstepx', 'rithmic']);

/** Whether the platform's symbols are futures contracts (NinjaTrader, Tradovate, TopstepX, Rithmic). */
export function isFuturesPlatform(platform: Platform | null): boolean {
  return platform !== null && FUTURES_PLATFORMS.has(platform);
}

/** The contract's root when the symbol is a futures contract on a futures platform's account; else null. */
export function futuresRoot(symbol: string, platform: Platform | null, tradedInYear?: number): string | null {
  if (!isFuturesPlatform(platform)) return null;
  return parseContract(symbol, tradedInYear === undefined ? {} : { tradedInYear })?.root ?? null;
}

/** `MNQ (MNQH6)` for a futures contract of a futures platform's account, the symbol as it is otherwise. */
export function symbolLabel(symbol: string, platform: Platform | null, tradedInYear?: number): string {
  const root = futuresRoot(symbol, platform, tradedInYear);
  return root === null || root === symbol ? symbol : `${root} (${symbol})`;
}
