/**
 * Risk per trade: a closed trade lost more than the plan allows when its net loss is above `percent` of the
 * initial balance; an open position risks more than it allows when hitting its stop would lose more (the
 * tracker sends each open position's loss at its stop with its snapshots). A position without a stop is
 * not bounded by anything, so it warns whenever the plan caps the risk of a trade.
 */
import { type Decimal, money } from '../shared/money.js';
import type { OpenPositionFact, Trade } from './trades.js';

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

export interface OpenRiskFinding {
  position: OpenPositionFact;
  /** Null for a position without a stop. */
  lossAtStop: Decimal | null;
  status: Exclude<RiskStatus, 'ok'>;
}

/**
 * The open positions against the same limit as the closed trades: a stop that would lose more than the limit
 * breaches (the firms that cap the risk of a trade judge it at the stop, when it is taken), one within
 * `threshold` of it warns, and so does a position without a stop. Breaches first, then the largest risk.
 */
export function riskOfOpenPositions(positions: readonly OpenPositionFact[], limit: Decimal, threshold: number): OpenRiskFinding[] {
  const warnAbove = limit.times(1 - threshold);
  const findings: OpenRiskFinding[] = [];
  positions.forEach((position, i) => {
    if (position.lossAtStop === null) {
      findings.push({ position, lossAtStop: null, status: 'warning' });
      return;
    }
    const loss = money(position.lossAtStop, `open[${i}].lossAtStop`);
    if (loss.gt(limit)) findings.push({ position, lossAtStop: loss, status: 'breached' });
    else if (loss.gt(warnAbove)) findings.push({ position, lossAtStop: loss, status: 'warning' });
  });
  const rank = (f: OpenRiskFinding) => (f.status === 'breached' ? 0 : f.lossAtStop === null ? 1 : 2);
  findings.sort((a, b) => rank(a) - rank(b) || (b.lossAtStop ?? limit).comparedTo(a.lossAtStop ?? limit));
  return findings;
}
