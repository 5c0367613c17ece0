import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Transform, Type } from 'class-transformer';
import { Compose, Doc, IsIsoInstant, Trim } from '@propfolio/core';
import { PLATFORMS, type Platform } from '@propfolio/coach';
import { AccountIdInput } from '../accounts/accounts.inputs.js';
import { Absent, FreeText, MAX_AMOUNT, PageCursor, PageLimit } from '../shared/contract-fields.js';
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
  SIDES,
  type Side,
} from '../shared/position-fields.js';
import { SORT_ORDERS, TRADE_SORTS, type SortOrder, type TradeSort } from './trade-sort.js';

export { MAX_SYMBOL_LENGTH, SIDES, type Side };

export const OUTCOMES = ['win', 'loss', 'breakeven'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Positions a tracker message may carry; a larger batch is refused whole, naming the bound (422 position_rejected). */
export const MAX_POSITIONS_PER_MESSAGE = 10_000;
/** Closing deals one position may list. */
export const MAX_EXITS_PER_POSITION = 100;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_NOTE_LENGTH = 4000;
export const MAX_SETUP_LENGTH = 100;
/** The zone a trader's weekday, hour and session groups use when the request names none. */
export const DEFAULT_TRADER_ZONE = 'Asia/Tokyo';

/** Trims each string of an array input (tags), so a whitespace-only tag fails MinLength(1). */
const TrimEach = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((item: unknown) => (typeof item === 'string' ? item.trim() : item)) : value,
  );

export class PositionExitInput {
  @Doc({ description: 'When this part was closed: an ISO 8601 instant with its zone.', example: '2026-03-05T15:10:00Z' })
  @IsRecordedInstant()
  at!: string;

  @Doc({ description: 'Volume closed by this deal, in lots (> 0).', example: 0.5 })
  @IsNumber(PRICE, PRICE_MESSAGE)
  @IsPositive()
  @Max(MAX_AMOUNT)
  volume!: number;

  @Doc({ description: 'Price of this closing deal.', example: 1.0852 })
  @IsNumber(PRICE, PRICE_MESSAGE)
  @Min(0)
  @Max(MAX_PRICE)
  price!: number;

  @MoneyField({ description: 'Profit of this closing deal, in account currency.', example: 125, sign: 'any' })
  profit!: number;
}

export class ClosedPositionInput {
  @PositionIdField({ description: 'Position id (MT5) or ticket (MT4), unique on the account; digits as text.', example: '123456789' })
  position!: string;

  @Doc({ description: `Symbol as the terminal names it (at most ${MAX_SYMBOL_LENGTH} characters).`, example: 'EURUSD' })
  @IsString()
  @MinLength(1)
  symbol!: string;

  @SideField({ description: 'Direction of the opening deal.', example: 'buy' })
  side!: Side;

  @LotsField({ description: 'Volume opened, in lots (> 0).', example: 1 })
  volume!: number;

  @Doc({ description: 'When the position was opened: an ISO 8601 instant in UTC (Z) or with its offset.', example: '2026-03-05T14:03:00Z' })
  @IsRecordedInstant()
  openedAt!: string;

  @Doc({
    description: 'When it was closed (the last exit): an ISO 8601 instant, not before openedAt, at most a day past the service clock.',
    example: '2026-03-05T16:40:00Z',
  })
  @IsRecordedInstant()
  closedAt!: string;

  @Doc({ description: 'Price of the opening deal.', example: 1.0832 })
  @IsNumber(PRICE, PRICE_MESSAGE)
  @Min(0)
  @Max(MAX_PRICE)
  openPrice!: number;

  @Doc({ description: 'Volume-weighted price of the closing deals.', example: 1.0857 })
  @IsNumber(PRICE, PRICE_MESSAGE)
  @Min(0)
  @Max(MAX_PRICE)
  closePrice!: number;

  @Doc({ description: 'Stop loss when closed; null or left out when there was none.', example: 1.081 })
  @IsOptional()
  @IsNumber(PRICE, PRICE_MESSAGE)
  @Min(0)
  @Max(MAX_PRICE)
  stopLoss?: number | null;

  @Doc({ description: 'Take profit when closed; null or left out when there was none.', example: null })
  @IsOptional()
  @IsNumber(PRICE, PRICE_MESSAGE)
  @Min(0)
  @Max(MAX_PRICE)
  takeProfit?: number | null;

  @MoneyField({
    description: 'Commission of all its deals (negative for a cost; default 0).',
    example: -7,
    sign: 'any',
    presence: 'nullable',
  })
  commission?: number;

  @MoneyField({ description: 'Swap of all its deals (default 0).', example: -1.2, sign: 'any', presence: 'nullable' })
  swap?: number;

  @MoneyField({ description: 'Other fees of its deals (default 0).', example: 0, sign: 'any', presence: 'nullable' })
  fee?: number;

  @MoneyField({ description: 'Profit of its closing deals before costs, in account currency.', example: 250, sign: 'any' })
  profit!: number;

  @Doc({ description: 'Order comment, if any.', example: 'breakout' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  comment?: string | null;

  @Doc({ description: "The EA's magic number (0 for manual trades).", example: 20260305 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  magic?: number | null;

  @MoneyField({
    description: 'Maximum adverse excursion: the worst floating P&L while open (≤ 0, account currency); null when not measured.',
    example: -80,
    sign: 'zeroOrLess',
    presence: 'nullable',
  })
  mae?: number | null;

  @MoneyField({
    description: 'Maximum favourable excursion: the best floating P&L while open (≥ 0); null when not measured.',
    example: 310,
    sign: 'zeroOrMore',
    presence: 'nullable',
  })
  mfe?: number | null;

  @Doc('The closing deals of a position closed in parts, oldest first; their volumes add up to at most `volume`. Leave out for one exit.')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EXITS_PER_POSITION)
  @ValidateNested({ each: true })
  @Type(() => PositionExitInput)
  exits?: PositionExitInput[];
}

export class PushPositionsInput extends AccountIdInput {
  @Doc(
    `Closed positions, 1 to ${MAX_POSITIONS_PER_MESSAGE} per message. Sending one again changes nothing, so a tracker resends a batch whose answer it missed.`,
  )
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => ClosedPositionInput)
  positions!: ClosedPositionInput[];
}

/** The filters a list and the stats share, each written once: which account or challenge, and the close window. */
const AccountFilter = (): PropertyDecorator => Compose(Doc('Only this EA account.'), Absent(), IsString());
const ChallengeFilter = (): PropertyDecorator => Compose(Doc("Only this challenge's accounts."), Absent(), IsString());
const FromFilter = (): PropertyDecorator => Compose(Doc('Closed at or after this instant.'), Absent(), IsIsoInstant());
const ToFilter = (): PropertyDecorator => Compose(Doc('Closed before this instant.'), Absent(), IsIsoInstant());
const PlatformFilter = (): PropertyDecorator =>
  Compose(Doc({ description: 'Only accounts on this platform.', example: 'mt5' }), Absent(), IsIn(PLATFORMS));
const CurrencyFilter = (): PropertyDecorator =>
  CurrencyField({ description: 'Only accounts in this currency.', example: 'JPY', presence: 'optional' });

/** The filters on each trade's own fields, which the list, the stats and the curve all follow. */
const SymbolFilter = (): PropertyDecorator =>
  Compose(Doc({ description: 'Only this symbol (exact).', example: 'EURUSD' }), Absent(), Trim(), IsString(), MaxLength(MAX_SYMBOL_LENGTH));
const SideFilter = (): PropertyDecorator => Compose(Doc('Only buys or only sells.'), Absent(), IsIn(SIDES));
const OutcomeFilter = (): PropertyDecorator =>
  Compose(Doc('win: net >= 0.005; loss: <= -0.005; else breakeven.'), Absent(), IsIn(OUTCOMES));
const TagFilter = (): PropertyDecorator => Compose(Doc('Only trades with this tag.'), Absent(), FreeText(MAX_TAG_LENGTH));
/** One copied signal's trades across the accounts of its group (a trade's signalId). */
const SignalFilter = (): PropertyDecorator =>
  Compose(Doc("Only this signal's copies (a trade's signalId)."), Absent(), IsString(), MaxLength(64));

/** The list's ordering (and its export's): a column, then the trade id the same way, so pages never overlap. */
const SortField = (): PropertyDecorator => Compose(Doc({ description: 'Sort column.', default: 'closedAt' }), Absent(), IsIn(TRADE_SORTS));
const OrderField = (): PropertyDecorator => Compose(Doc({ description: 'Sort order.', default: 'desc' }), Absent(), IsIn(SORT_ORDERS));

/** What the list, the stats and the curve read: the filters above, every one of them. */
export interface TradeScope {
  accountId?: string | undefined;
  challengeId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  platform?: Platform | undefined;
  currency?: string | undefined;
  symbol?: string | undefined;
  side?: Side | undefined;
  outcome?: Outcome | undefined;
  tag?: string | undefined;
  signalId?: string | undefined;
}

/** The filters of every read over trades (the list, the export, the stats, the curve), written once. */
export class TradeScopeInput implements TradeScope {
  @AccountFilter()
  accountId?: string;

  @ChallengeFilter()
  challengeId?: string;

  @FromFilter()
  from?: string;

  @ToFilter()
  to?: string;

  @PlatformFilter()
  platform?: Platform;

  @CurrencyFilter()
  currency?: string;

  @SymbolFilter()
  symbol?: string;

  @SideFilter()
  side?: Side;

  @OutcomeFilter()
  outcome?: Outcome;

  @TagFilter()
  tag?: string;

  @SignalFilter()
  signalId?: string;
}

/** The filters and the list's ordering, for list_trades and the export. */
class OrderedTradeScopeInput extends TradeScopeInput {
  @SortField()
  sort?: TradeSort;

  @OrderField()
  order?: SortOrder;
}

export class ListTradesInput extends OrderedTradeScopeInput {
  @PageLimit()
  limit?: number;

  @PageCursor()
  cursor?: string;
}

/** Rows one CSV export answers at most; the rest follow by the `next` link's cursor. */
export const MAX_EXPORT_ROWS = 10_000;

/** The export of the journal's list as CSV: list_trades' filters and ordering, pages of MAX_EXPORT_ROWS rows. */
export class ExportTradesInput extends OrderedTradeScopeInput {
  @Doc("The `next` link's cursor: the rows after the previous file.")
  @Absent()
  @IsString()
  cursor?: string;
}

/**
 * The export follows every filter of the list: a field added to ListTradesInput and not here fails to compile
 * (only the page size is the list's own: an export answers up to MAX_EXPORT_ROWS).
 */
export const exportFollowsTheList: [Exclude<keyof ListTradesInput, keyof ExportTradesInput | 'limit'>] extends [never] ? true : never =
  true;

export class TradeIdInput {
  @Doc('Trade id.')
  @IsString()
  id!: string;
}

export class UpdateTradeInput extends TradeIdInput {
  @Doc('Replaces the tags; [] removes all.')
  @Absent()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS)
  @TrimEach()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(MAX_TAG_LENGTH, { each: true })
  tags?: string[];

  @Doc('A note; null removes it.')
  @IsOptional()
  @IsString()
  @MaxLength(MAX_NOTE_LENGTH)
  note?: string | null;

  @Doc('Setup traded; null removes it.')
  @IsOptional()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_SETUP_LENGTH)
  setup?: string | null;

  @MoneyField({
    description: 'Planned loss at the stop, account currency: R = net / plannedRisk; null removes it.',
    sign: 'positive',
    presence: 'nullable',
  })
  plannedRisk?: number | null;
}

export class TradeStatsInput extends TradeScopeInput {
  @Doc("An IANA zone's calendar days instead of the firm day.")
  @Absent()
  @IsString()
  @MaxLength(64)
  timeZone?: string;

  @Doc('Account whose firm day to use when they differ.')
  @Absent()
  @IsString()
  clockOf?: string;
}

export class TradeCurveInput extends TradeScopeInput {}
