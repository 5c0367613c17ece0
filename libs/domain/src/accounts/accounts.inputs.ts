import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { PLATFORMS, type Platform } from '@propfolio/coach';
import { Compose, Doc, IsIsoDate, NumberFromQuery } from '@propfolio/core';
import { Absent, FreeText, PageInput } from '../shared/contract-fields.js';
import { CurrencyField, MoneyField } from '../shared/money-fields.js';
import { IsRecordedInstant } from '../shared/recorded-instant.js';
import {
  LotsField,
  MAX_PRICE,
  MAX_SYMBOL_LENGTH,
  PositionIdField,
  PRICE,
  PRICE_MESSAGE,
  SideField,
  type Side,
} from '../shared/position-fields.js';

export const ARCHIVED_FILTERS = ['exclude', 'include', 'only'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;
/** Open positions one snapshot may list: far above what a prop account holds, bounded so one request stays small. */
export const MAX_OPEN_POSITIONS = 200;

export class AccountIdInput {
  @Doc('EA account id.')
  @IsString()
  id!: string;
}

export class ListAccountsInput extends PageInput {
  @Doc({
    description: 'Archived: past phase or breached.',
    default: 'exclude',
  })
  @IsOptional()
  @IsIn(ARCHIVED_FILTERS)
  archived?: ArchivedFilter = 'exclude';

  @Doc({ description: 'Only accounts on this platform.', example: 'mt5' })
  @Absent()
  @IsIn(PLATFORMS)
  platform?: Platform;
}

export class DailyPnlInput extends AccountIdInput {
  @Doc({
    description: 'Firm days to return, ending with the account’s firm day now (its challenge’s roll-over; the UTC date without one).',
    default: DEFAULT_DAYS,
  })
  @NumberFromQuery()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_DAYS)
  days?: number = DEFAULT_DAYS;
}

/** Login and server name a MetaTrader account (unique per user): the same two fields wherever they are asked for. */
const LoginField = (): PropertyDecorator =>
  Compose(Doc({ description: 'Trading account number (login) at the broker, as text.', example: '5012345' }), FreeText(64));
/** The optional label every account form takes. */
const AccountNameField = (): PropertyDecorator => Compose(Doc('Label (free text).'), Absent(), FreeText(100));
const ServerField = (): PropertyDecorator =>
  Compose(Doc({ description: 'Broker trade server name as MetaTrader shows it.', example: 'FTMO-Demo' }), FreeText(128));
/** What the account's platform is for, where an account form takes it (short: tools/list has a byte budget). */
const PLATFORM_DOC = 'Trading platform.';

export class RegisterAccountInput {
  @LoginField()
  login!: string;

  @ServerField()
  server!: string;

  @CurrencyField({ description: 'ISO 4217 deposit currency of the account, any case.', example: 'USD' })
  currency!: string;

  @MoneyField({ description: 'Starting balance (a JSON number > 0); P&L % is measured from it.', example: 100000, sign: 'positive' })
  initialBalance!: number;

  @Doc(
    'Id of the challenge this account trades (from list_challenges). Not a failed challenge. Leave out for an account not tied to a challenge.',
  )
  @Absent()
  @IsString()
  challengeId?: string;

  @AccountNameField()
  name?: string;

  @Doc({ description: `${PLATFORM_DOC} The trackers send theirs; absent: not recorded.`, example: 'mt5' })
  @Absent()
  @IsIn(PLATFORMS)
  platform?: Platform;
}

export class AccountReportInput extends AccountIdInput {
  @Doc({
    description: 'Trading day the figures are for (YYYY-MM-DD, broker day; at most one day ahead of UTC today).',
    example: '2026-03-05',
  })
  @IsIsoDate()
  date!: string;

  @MoneyField({ description: 'Balance at the end of the day (JSON number).', example: 101250.4, sign: 'any' })
  balance!: number;

  @MoneyField({ description: 'Equity at the time of the report (JSON number).', example: 101180, sign: 'any' })
  equity!: number;

  @MoneyField({ description: 'P&L of the trades closed that day, negative for a loss (JSON number).', example: 412.25, sign: 'any' })
  closedPnl!: number;
}

export class AccountLookupInput {
  @LoginField()
  login!: string;

  @ServerField()
  server!: string;
}

/** A position still open at a snapshot, for the risk per trade at its stop (headroom `tradeRules.maxRiskPerTrade.open`). */
export class OpenPositionInput {
  @PositionIdField({ description: 'Position id (MT5) or ticket (MT4); digits as text.', example: '123456790' })
  position!: string;

  @Doc({ description: 'Symbol as the terminal names it.', example: 'XAUUSD' })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_SYMBOL_LENGTH)
  symbol!: string;

  @SideField({ description: 'Direction.', example: 'sell' })
  side!: Side;

  @LotsField({ description: 'Lots open now (> 0).', example: 0.5 })
  volume!: number;

  @Doc({ description: 'When it was opened: an ISO 8601 instant with its zone.', example: '2026-03-05T13:40:00Z' })
  @IsRecordedInstant()
  openedAt!: string;

  @Doc({ description: 'Stop price; null when the position has none.', example: 2650.5 })
  @IsOptional()
  @IsNumber(PRICE, PRICE_MESSAGE)
  @Min(0)
  @Max(MAX_PRICE)
  stopLoss?: number | null;

  @MoneyField({
    description:
      'Net loss in account currency if the stop is hit, as the terminal computes it (positive; 0 or less for a stop at or past breakeven); null without a stop.',
    example: 812.5,
    sign: 'any',
    presence: 'nullable',
  })
  lossAtStop?: number | null;
}

export class AccountSnapshotInput extends AccountIdInput {
  @Doc({
    description: 'When the figures were read: an ISO 8601 instant with its zone (at most 5 minutes ahead of the service clock).',
    example: '2026-03-05T14:03:00Z',
  })
  @IsRecordedInstant()
  at!: string;

  @MoneyField({ description: 'Balance at that instant (JSON number).', example: 101250.4, sign: 'any' })
  balance!: number;

  @MoneyField({ description: 'Equity at that instant, floating P&L included (JSON number).', example: 101180, sign: 'any' })
  equity!: number;

  @Doc(
    'The positions open at that instant ([] when none), so the plan’s risk per trade is judged at each stop. Left out: not known (an older tracker).',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_OPEN_POSITIONS)
  @ValidateNested({ each: true })
  @Type(() => OpenPositionInput)
  openPositions?: OpenPositionInput[];
}

export class UpdateAccountInput extends AccountIdInput {
  @Doc('Challenge it trades; not a failed one.')
  @Absent()
  @IsString()
  challengeId?: string;

  @AccountNameField()
  name?: string;

  @Doc({ description: `${PLATFORM_DOC} null clears it.`, example: 'ctrader' })
  @IsOptional()
  @IsIn(PLATFORMS)
  platform?: Platform | null;
}
