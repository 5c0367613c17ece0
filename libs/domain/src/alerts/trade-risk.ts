import type { TradeRisk } from '@propfolio/coach';
import { AppError } from '@propfolio/core';
import type { TradeRiskInput } from './alerts.inputs.js';

/** The risk a pre-trade check judges: `riskAmount`, else the position's four fields; 400 naming riskAmount without either. */
export function tradeRiskOf(input: TradeRiskInput): TradeRisk {
  if (input.riskAmount !== undefined) return { riskAmount: input.riskAmount };
  if (input.volume !== undefined && input.stopDistance !== undefined && input.tickValue !== undefined && input.tickSize !== undefined)
    return { volume: input.volume, stopDistance: input.stopDistance, tickValue: input.tickValue, tickSize: input.tickSize };
  throw AppError.invalidField('riskAmount', 'give riskAmount, or volume with stopDistance, tickValue and tickSize');
}
