import Type, { type Static, type TSchema } from 'typebox';
import { Id, Money, Nullable, PageOf, Timestamp } from '../shared/schemas.js';
import { NewsMarkSchema } from '../calendar/calendar.outputs.js';
import { TradeScreenshotSchema } from '../trade-screenshots/trade-screenshots.outputs.js';

const Price = (description: string) => Type.Number({ description });

export const TradeExitSchema = Type.Object({
  at: Timestamp('When this part was closed.'),
  volume: Type.Number({ description: 'Lots closed by this deal.' }),
  price: Price('Price of the closing deal.'),
  profit: Money('Profit of the closing deal.'),
});

export const TradeSchema = Type.Object({
  id: Id('Trade id.'),
  accountId: Id('EA account the trade was made on.'),
  position: Type.String({ description: 'Position id (MT5) or ticket (MT4).' }),
  symbol: Type.String({ description: 'Symbol.' }),
  side: Type.Enum(['buy', 'sell'], { description: 'Direction of the opening deal.' }),
  volume: Type.Number({ description: 'Lots opened.' }),
  openedAt: Timestamp('When it was opened.'),
  closedAt: Timestamp('When it was closed (its last exit).'),
  holdingSeconds: Type.Integer({ description: 'closedAt − openedAt, in seconds.' }),
  openPrice: Price('Opening price.'),
  closePrice: Price('Volume-weighted closing price.'),
  stopLoss: Nullable(Price('Stop loss at the close; null when none.')),
  takeProfit: Nullable(Price('Take profit at the close; null when none.')),
  commission: Money('Commission.'),
  swap: Money('Swap.'),
  fee: Money('Other fees.'),
  profit: Money('Profit before costs.'),
  net: Money('profit + commission + swap + fee.'),
  outcome: Type.Enum(['win', 'loss', 'breakeven'], { description: 'win: net ≥ 0.005; loss: net ≤ −0.005; else breakeven.' }),
  comment: Nullable(Type.String({ description: 'Order comment.' })),
  magic: Nullable(Type.Integer({ description: "The EA's magic number." })),
  mae: Nullable(Money('Worst floating P&L while open; null when not measured.')),
  mfe: Nullable(Money('Best floating P&L while open; null when not measured.')),
  exits: Type.Array(TradeExitSchema, { description: 'The closing deals of a partial close, oldest first; empty for one exit.' }),
  tags: Type.Array(Type.String(), { description: "The trader's tags." }),
  note: Nullable(Type.String({ description: "The trader's note." })),
  setup: Nullable(Type.String({ description: 'Setup name.' })),
  plannedRisk: Nullable(Money('Amount risked as planned; null when not given.')),
  r: Nullable(Type.Number({ description: 'net ÷ plannedRisk, rounded to 2 decimals; null without plannedRisk.' })),
  signalId: Nullable(Id("Shared by one signal's copies on a group's accounts; null when alone.")),
  news: Nullable(NewsMarkSchema),
});
export type TradeView = Static<typeof TradeSchema>;

export const TradePageSchema = PageOf(TradeSchema, 'In the asked sort and order; newest close first by default.');

/** get_trade's answer: the trade and its screenshots' metadata (each image at its url, over HTTP). */
export const TradeDetailSchema = Type.Object({
  ...TradeSchema.properties,
  screenshots: Type.Array(TradeScreenshotSchema, { description: 'Oldest first; metadata only.' }),
});
export type TradeDetailView = Static<typeof TradeDetailSchema>;
export type TradePage = Static<typeof TradePageSchema>;

export const PushPositionsResultSchema = Type.Object({
  accountId: Id('EA account id.'),
  accepted: Type.Integer({ description: 'Positions stored or whose figures changed.' }),
  unchanged: Type.Integer({ description: 'Positions already stored with the same figures (a resend).' }),
});
export type PushPositionsResult = Static<typeof PushPositionsResultSchema>;

const FIGURES = {
  count: Type.Integer({ description: 'Trades.' }),
  wins: Type.Integer({ description: 'Trades with net ≥ 0.005.' }),
  losses: Type.Integer({ description: 'Trades with net ≤ −0.005.' }),
  breakevens: Type.Integer({ description: 'Trades with |net| < 0.005.' }),
  winRate: Nullable(Type.Number({ description: 'wins ÷ count, 0 to 1 (4 decimals); null without trades.' })),
  net: Money('Sum of net.'),
  grossProfit: Money('Sum of the wins’ net.'),
  grossLoss: Money('Sum of the losses’ net, as a positive amount.'),
  profitFactor: Nullable(Type.Number({ description: 'grossProfit ÷ grossLoss (2 decimals); null without losses.' })),
  expectancy: Nullable(Money('net ÷ count: the average result of a trade; null without trades.')),
  averageWin: Nullable(Money('grossProfit ÷ wins.')),
  averageLoss: Nullable(Money('grossLoss ÷ losses, positive.')),
  largestWin: Nullable(Money('Best net.')),
  largestLoss: Nullable(Money('Worst net (negative).')),
  averageHoldingSeconds: Nullable(Type.Integer({ description: 'Mean of closedAt − openedAt.' })),
  withRisk: Type.Integer({ description: 'Trades with a plannedRisk.' }),
  expectancyR: Nullable(Type.Number({ description: 'Mean R (net ÷ plannedRisk) over the trades with a plannedRisk (2 decimals).' })),
  averageMae: Nullable(Money('Mean MAE over the trades where it was measured.')),
  averageMfe: Nullable(Money('Mean MFE over the trades where it was measured.')),
};
const FiguresSchema = Type.Object(FIGURES);

const GroupSchema = <Key extends TSchema>(key: Key, description: string) => Type.Array(Type.Object({ key, ...FIGURES }), { description });

const filter = (description: string) => Nullable(Type.String({ description }));

/** The filters an answer counted with, as applied (null: not filtered on), so a figure says what it counts. */
export const TradeFiltersSchema = Type.Object(
  {
    accountId: filter('EA account.'),
    challengeId: filter('Challenge.'),
    platform: filter('Platform of the accounts.'),
    currency: filter('Currency of the accounts.'),
    symbol: filter('Symbol.'),
    side: filter('buy or sell.'),
    outcome: filter('win, loss or breakeven.'),
    tag: filter('Tag.'),
    signalId: filter('Copied signal.'),
    from: filter('Closed at or after (ISO instant).'),
    to: filter('Closed before (ISO instant).'),
  },
  { description: 'The filters the figures follow, the same as the list of trades; null where none.' },
);
export type TradeFilters = Static<typeof TradeFiltersSchema>;

export const TradeClockSchema = Type.Object(
  {
    firmDay: Type.Boolean({
      description: "True: the firm's day (its clock, daylight saving included); false: a zone's calendar day (timeZone asked).",
    }),
    known: Type.Boolean({ description: "False when no plan states the firm's roll-over: UTC midnight was used." }),
    city: Type.String({ description: 'The zone in words: a city (New York, Prague), UTC, or an offset (UTC+3).' }),
    time: Type.String({ description: 'When its day starts, HH:MM in that zone (17:00 for New York 17:00).' }),
    words: Type.String({ description: 'The clock in words, e.g. "firm day (New York 17:00)".' }),
    accountId: Nullable(Id('When the accounts in scope follow several firm clocks: the account whose clock was used.')),
    clocks: Type.Integer({ description: 'How many different firm clocks the accounts in scope follow.' }),
  },
  { description: 'The clock of the weekday and hour groups.' },
);

export const TradeStatsSchema = Type.Object({
  timeZone: Type.String({ description: 'The IANA zone the weekday and hour groups were counted in (see clock).' }),
  clock: TradeClockSchema,
  filters: TradeFiltersSchema,
  overall: FiguresSchema,
  longestWinStreak: Type.Integer({ description: 'Most wins in a row, in close order (a breakeven or loss ends a streak).' }),
  longestLossStreak: Type.Integer({ description: 'Most losses in a row, in close order.' }),
  bySymbol: GroupSchema(Type.String({ description: 'Symbol.' }), 'Per symbol, by symbol.'),
  bySide: GroupSchema(Type.String({ description: 'buy or sell.' }), 'Per side.'),
  byWeekday: GroupSchema(
    Type.Integer({ description: 'ISO weekday of the open, 1 = Monday … 7 = Sunday, of the clock’s day (a firm day by its name).' }),
    'Per weekday of the open.',
  ),
  byHour: GroupSchema(Type.Integer({ description: 'Hour of the open, 0–23, in timeZone.' }), 'Per hour of the open.'),
  bySession: GroupSchema(
    Type.String({ description: 'tokyo, london, newYork or none; a trade opened in an overlap counts in both.' }),
    'Per trading session the trade was opened in.',
  ),
  byTag: GroupSchema(Type.String({ description: 'Tag; a trade with several tags counts under each.' }), 'Per tag.'),
  bySetup: GroupSchema(Type.String({ description: 'Setup; "" for trades without one.' }), 'Per setup.'),
  rHistogram: Type.Object(
    {
      binWidth: Type.Number({ description: 'Width of a bin, in R (0.5).' }),
      counted: Type.Integer({ description: 'Trades with a plannedRisk > 0, each in one bin.' }),
      withoutPlannedRisk: Type.Integer({ description: 'Trades without a plannedRisk: in no bin.' }),
      bins: Type.Array(
        Type.Object({
          from: Nullable(Type.Number({ description: 'Lower edge in R (inclusive); null: below −3.' })),
          to: Nullable(Type.Number({ description: 'Upper edge in R (exclusive); null: 5 and above.' })),
          count: Type.Integer({ description: 'Trades whose R (net ÷ plannedRisk) falls in the bin.' }),
          wins: Type.Integer({ description: 'Of them, net ≥ 0.005.' }),
          losses: Type.Integer({ description: 'Of them, net ≤ −0.005.' }),
        }),
        { description: 'From −3 to 5 R by 0.5, with open ends, lowest first; empty bins included.' },
      ),
    },
    { description: 'R multiples (net ÷ plannedRisk) of the trades with a planned risk, binned.' },
  ),
});
export type TradeStats = Static<typeof TradeStatsSchema>;

/** export_trades' answer; over HTTP it is sent as the CSV file itself (restFile), never as this JSON. */
export const TradeExportSchema = Type.Object({
  csv: Type.String({ description: 'The CSV file: UTF-8 with a byte order mark, a header line, CRLF line ends.' }),
  filename: Type.String({ description: 'trades-<date>.csv.' }),
  rows: Type.Integer({ description: 'Trades in this file.' }),
  nextCursor: Nullable(Type.String({ description: 'Cursor of the next file when more trades match; null: this is the last.' })),
});
export type TradeExport = Static<typeof TradeExportSchema>;
export type TradeFigures = Static<typeof FiguresSchema>;

const OUTCOME_COUNTS = {
  count: Type.Integer({ description: 'Trades.' }),
  wins: Type.Integer({ description: 'Trades with net ≥ 0.005.' }),
  losses: Type.Integer({ description: 'Trades with net ≤ −0.005.' }),
  breakevens: Type.Integer({ description: 'Trades with |net| < 0.005.' }),
};

const TradeDaysSchema = Type.Array(
  Type.Object({
    day: Type.String({ description: "The firm day of the closes (YYYY-MM-DD), by the clock's naming." }),
    net: Money('Net of the trades closed that day.'),
    count: Type.Integer({ description: 'Trades closed that day.' }),
  }),
  { description: 'Daily P&L for a calendar: one entry per firm day with closes, oldest first.' },
);

/** The calendar of daily P&L alone: the curve's `days` without its running sums (a cheaper read). */
export const TradeCalendarSchema = Type.Object({ filters: TradeFiltersSchema, clock: TradeClockSchema, days: TradeDaysSchema });
export type TradeCalendar = Static<typeof TradeCalendarSchema>;

export const TradeCurveSchema = Type.Object({
  filters: TradeFiltersSchema,
  clock: TradeClockSchema,
  maxDrawdown: Money(
    'The largest fall of the cumulative net from its running peak (the start, 0, included), as a positive amount; 0 without one.',
  ),
  maxDrawdownAt: Nullable(Type.Integer({ description: 'Trade number (n) at the bottom of the maximum drawdown; null without one.' })),
  days: TradeDaysSchema,
  totals: Type.Object({ ...OUTCOME_COUNTS, net: Money('Sum of net: where the curve ends.') }),
  every: Type.Integer({ description: 'The curve keeps every `every`-th trade (⌈count ÷ 300⌉) and always the last.' }),
  points: Type.Array(
    Type.Object({
      n: Type.Integer({ description: 'Trade number in close order (closedAt, then id), from 1.' }),
      closedAt: Timestamp('When trade n closed.'),
      net: Money('Cumulative net after trade n.'),
      drawdown: Money('Cumulative net after trade n less its running peak (≤ 0).'),
    }),
    {
      description:
        'The equity curve by trade: the cumulative net in close order, at most 300 points (and the bottom of the maximum drawdown); empty without trades.',
    },
  ),
  distribution: Type.Object({
    smallest: Nullable(Money('Smallest net of a trade; null without trades.')),
    largest: Nullable(Money('Largest net of a trade; null without trades.')),
    buckets: Type.Array(
      Type.Object({
        from: Money('Lower edge (inclusive), 4 decimals.'),
        to: Money('Upper edge: exclusive, but inclusive for the last bucket.'),
        ...OUTCOME_COUNTS,
      }),
      {
        description:
          'Net per trade in min(20, count) equal-width buckets from smallest to largest, lowest first, empty ones included; one bucket when every net is equal.',
      },
    ),
  }),
});
export type TradeCurve = Static<typeof TradeCurveSchema>;
