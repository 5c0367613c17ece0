/**
 * Risk per trade, judged on closed trades: a trade lost more than the plan allows when its net loss is
 * above `percent` of the initial balance. Open positions are not stored (the tracker sends positions once
 * closed), so a stop that would lose too much is not judged until the trade closes.
 */
import type { Decimal } from '../shared/money.js';
import type { Trade } from './trades.js';

export type RiskStatus = 'ok' | 'warning' | 'breached';

export interface RiskFinding {
  trade: Trade;
  loss: Decimal;
  status: Exclude<RiskStatus, 'ok'>;
}

export interface RiskJudgement {
  limit: Decimal;
  status: RiskStatus;
  /** Trades over the limit, then those within `threshold` of it, each worst first. */
  findings: RiskFinding[];
}

/**
 * `threshold` is the fraction of the limit below which room left warns, as for the floors: a loss that left
 * less than it of the limit unused is a warning.
 */
export function riskPerTrade(trades: readonly Trade[], percent: number, initial: Decimal, threshold: number): RiskJudgement {
  const limit = initial.times(percent).div(100);
  const warnAbove = limit.times(1 - threshold);
  const findings: RiskFinding[] = [];
  for (const trade of trades) {
    if (!trade.net.isNegative()) continue;
    const loss = trade.net.negated();
    if (loss.gt(limit)) findings.push({ trade, loss, status: 'breached' });
    else if (loss.gt(warnAbove)) findings.push({ trade, loss, status: 'warning' });
  }
  const rank = (f: RiskFinding) => (f.status === 'breached' ? 0 : 1);
  findings.sort((a, b) => rank(a) - rank(b) || b.loss.comparedTo(a.loss));
  const status: RiskStatus = findings[0]?.status ?? 'ok';
  return { limit, status, findings };
}
