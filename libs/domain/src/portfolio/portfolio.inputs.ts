import { Doc, NumberFromQuery } from '@propfolio/core';
import { IsInt, Max, Min } from 'class-validator';
import { Absent } from '../shared/contract-fields.js';

/** Minutes without a snapshot after which an account reads `stale` (the tracker sends one a minute while figures move). */
export const DEFAULT_STALE_AFTER_MINUTES = 15;

export class PortfolioTodayInput {
  @Doc({ description: 'Minutes without a snapshot until stale.', default: DEFAULT_STALE_AFTER_MINUTES })
  @NumberFromQuery()
  @Absent()
  @IsInt()
  @Min(1)
  @Max(10_080)
  staleAfterMinutes?: number;
}
