/**
 * The tracker protocol (docs/tracker-protocol.md) as code: paths, headers, and the exact bytes of each
 * request body. The MetaTrader EA (apps/tracker/mql5) builds the same bytes by hand, so every rule here
 * is one an MQL program can follow too: fixed key order, no whitespace, amounts rounded to cents and
 * written without trailing zeros, instants to the second in UTC with a `Z`, RFC 3986 query encoding.
 */

export const TRACKER_VERSION = '1.0.0';
export const API_PREFIX = '/api/v1';

/** Amount of the account in its currency, as the service answers it (JSON numbers). */
export interface Account {
  id: string;
  login: string;
  server: string;
  currency: string;
  initialBalance: number;
  balance: number;
  equity: number;
  archived: boolean;
  name?: string | null;
}

export interface RegisterBody {
  login: string;
  server: string;
  currency: string;
  initialBalance: number;
  name?: string;
}

/** Most open positions one snapshot lists (the service refuses more). */
export const MAX_OPEN_POSITIONS = 200;

/**
 * A position open when the figures were read, so the service judges the plan's risk per trade at its stop. The volume
 * and the stop are quantities ({@link formatQuantity}), the loss an amount.
 */
export interface OpenPosition {
  /** MT5: the position id (POSITION_IDENTIFIER); MT4: the order ticket. Digits as text. */
  position: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Lots open now. */
  volume: number;
  /** When it opened, UTC to the second; never after the snapshot's `at`. */
  openedAt: string;
  /** The stop price; null when the position has none. */
  stopLoss: number | null;
  /**
   * Net loss in the account's currency if the stop is hit (0 or less for a stop at or past breakeven); null without a
   * stop, or when the stop could not be priced (the service then warns as for a position without one).
   */
  lossAtStop: number | null;
}

export interface SnapshotBody {
  /** ISO 8601 UTC instant to the second: `2026-03-05T14:03:00Z`. */
  at: string;
  balance: number;
  equity: number;
  /** The positions open at `at` (`[]`: none). Left out: not known, as from a figures file without them. */
  openPositions?: OpenPosition[];
}

export interface ReportBody {
  /** The firm day that ended (`YYYY-MM-DD`): the `day` of the snapshot answers of that day. */
  date: string;
  balance: number;
  equity: number;
  closedPnl: number;
}

/** Most positions in one closed-positions message (the service refuses a larger one whole). */
export const MAX_POSITIONS_PER_MESSAGE = 1000;

/**
 * A closed position (message 6): its open and close, costs and, when the tracker watched it while open, its
 * worst and best floating P&L. Prices and volume are quantities ({@link formatQuantity}), money is amounts.
 */
export interface ClosedPosition {
  /** MT5: the position id (DEAL_POSITION_ID); MT4: the order ticket. Digits as text. */
  position: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Lots opened. */
  volume: number;
  openedAt: string;
  closedAt: string;
  openPrice: number;
  /** Volume-weighted over the closing deals. */
  closePrice: number;
  stopLoss: number | null;
  takeProfit: number | null;
  commission: number;
  swap: number;
  fee: number;
  /** Profit of the closing deals before costs. */
  profit: number;
  comment: string;
  magic: number;
  /** Worst floating P&L while open (≤ 0), null when the tracker did not watch the whole life of the position. */
  mae: number | null;
  /** Best floating P&L while open (≥ 0), null likewise. */
  mfe: number | null;
}

export interface PositionsBody {
  positions: ClosedPosition[];
}

export interface PositionsAnswer {
  accountId: string;
  /** Positions stored, or whose figures changed. */
  accepted: number;
  /** Positions already stored with the same figures (a resend). */
  unchanged: number;
}

export type WriteOutcome = 'created' | 'updated' | 'unchanged';

export interface SnapshotAnswer {
  accountId: string;
  at: string;
  day: string;
  dayStartsAt: string;
  dayEndsAt: string;
  outcome: WriteOutcome;
  balance: number;
  equity: number;
  minEquity: number;
  maxEquity: number;
}

export interface ReportAnswer {
  accountId: string;
  date: string;
  outcome: WriteOutcome;
  balance: number;
  equity: number;
}

/** problem+json, as every 4xx and 5xx of the service. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  code?: string;
  detail?: string;
}

/**
 * An amount as the protocol writes it: rounded half away from zero to 2 decimals, then the shortest
 * form (`101250.4`, `101180`, `-12.35`, never `-0`). MQL: DoubleToString(v, 2) and strip zeros.
 */
export function formatAmount(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const cents = Math.round(Math.abs(value) * 100 + 1e-7) * Math.sign(value);
  let text = (cents / 100).toFixed(2);
  text = text.replace(/0+$/, '').replace(/\.$/, '');
  return text === '-0' ? '0' : text;
}

/**
 * A price or a volume as the protocol writes it: rounded half away from zero to 8 decimals (the most the service
 * stores), then the shortest form (`1.08312`, `0.5`, `65000`). MQL: DoubleToString(v, 8) and strip zeros.
 */
export function formatQuantity(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite quantity: ${value}`);
  const units = Math.round(Math.abs(value) * 1e8 + 1e-5) * Math.sign(value);
  const text = (units / 1e8).toFixed(8).replace(/0+$/, '').replace(/\.$/, '');
  return text === '-0' ? '0' : text;
}

/** Rounds an amount the way {@link formatAmount} writes it. */
export function roundAmount(value: number): number {
  return Number(formatAmount(value));
}

/** A JSON string: `"`, `\` and control characters escaped, everything else (UTF-8) as is. */
export function jsonString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

export function registerBody(body: RegisterBody): string {
  const name = body.name === undefined || body.name === '' ? '' : `,"name":${jsonString(body.name)}`;
  return (
    `{"login":${jsonString(body.login)},"server":${jsonString(body.server)},"currency":${jsonString(body.currency)},` +
    `"initialBalance":${formatAmount(body.initialBalance)}${name}}`
  );
}

export function snapshotBody(body: SnapshotBody): string {
  const open = body.openPositions === undefined ? '' : `,"openPositions":${openPositionsJson(body.openPositions)}`;
  return `{"at":${jsonString(body.at)},"balance":${formatAmount(body.balance)},"equity":${formatAmount(body.equity)}${open}}`;
}

/** A snapshot's `openPositions` array, keys in the documented order; a loss is written only with its stop. */
export function openPositionsJson(positions: readonly OpenPosition[]): string {
  if (positions.length > MAX_OPEN_POSITIONS)
    throw new RangeError(`a snapshot lists at most ${MAX_OPEN_POSITIONS} open positions (got ${positions.length})`);
  const one = (p: OpenPosition) =>
    `{"position":${jsonString(p.position)},"symbol":${jsonString(p.symbol)},"side":${jsonString(p.side)},` +
    `"volume":${formatQuantity(p.volume)},"openedAt":${jsonString(p.openedAt)},"stopLoss":${nullable(p.stopLoss, formatQuantity)},` +
    `"lossAtStop":${p.stopLoss === null ? 'null' : nullable(p.lossAtStop, formatAmount)}}`;
  return `[${positions.map(one).join(',')}]`;
}

export function reportBody(body: ReportBody): string {
  return (
    `{"date":${jsonString(body.date)},"balance":${formatAmount(body.balance)},"equity":${formatAmount(body.equity)},` +
    `"closedPnl":${formatAmount(body.closedPnl)}}`
  );
}

const nullable = (value: number | null, format: (v: number) => string) => (value === null ? 'null' : format(value));

/** One position's object, keys in the documented order. */
function positionJson(p: ClosedPosition): string {
  if (!Number.isSafeInteger(p.magic) || p.magic < 0) throw new RangeError(`magic must be a whole number ≥ 0 (got ${p.magic})`);
  return (
    `{"position":${jsonString(p.position)},"symbol":${jsonString(p.symbol)},"side":${jsonString(p.side)},` +
    `"volume":${formatQuantity(p.volume)},"openedAt":${jsonString(p.openedAt)},"closedAt":${jsonString(p.closedAt)},` +
    `"openPrice":${formatQuantity(p.openPrice)},"closePrice":${formatQuantity(p.closePrice)},` +
    `"stopLoss":${nullable(p.stopLoss, formatQuantity)},"takeProfit":${nullable(p.takeProfit, formatQuantity)},` +
    `"commission":${formatAmount(p.commission)},"swap":${formatAmount(p.swap)},"fee":${formatAmount(p.fee)},` +
    `"profit":${formatAmount(p.profit)},"comment":${jsonString(p.comment)},"magic":${String(p.magic)},` +
    `"mae":${nullable(p.mae, formatAmount)},"mfe":${nullable(p.mfe, formatAmount)}}`
  );
}

export function positionsBody(body: PositionsBody): string {
  const count = body.positions.length;
  if (count < 1 || count > MAX_POSITIONS_PER_MESSAGE)
    throw new RangeError(`a positions message carries 1 to ${MAX_POSITIONS_PER_MESSAGE} positions (got ${count})`);
  return `{"positions":[${body.positions.map(positionJson).join(',')}]}`;
}

/** RFC 3986 query value: every UTF-8 byte but `A-Z a-z 0-9 - . _ ~` as `%XX` (upper case). */
export function encodeQueryValue(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export const paths = {
  lookup: (login: string, server: string) =>
    `${API_PREFIX}/accounts/lookup?login=${encodeQueryValue(login)}&server=${encodeQueryValue(server)}`,
  register: () => `${API_PREFIX}/accounts`,
  snapshot: (accountId: string) => `${API_PREFIX}/accounts/${encodeQueryValue(accountId)}/snapshots`,
  report: (accountId: string) => `${API_PREFIX}/accounts/${encodeQueryValue(accountId)}/reports`,
  positions: (accountId: string) => `${API_PREFIX}/accounts/${encodeQueryValue(accountId)}/positions`,
};

/** `2026-03-05T14:03:00Z`: the instant truncated to the second, in UTC. */
export function formatInstant(epochMs: number): string {
  return `${new Date(Math.floor(epochMs / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

export function userAgent(platform: string): string {
  return `PropfolioTracker/${TRACKER_VERSION} (${platform})`;
}

/** The CLI's platform string: `node 20.19.0; linux`. */
export function cliPlatform(): string {
  return `node ${process.versions.node}; ${process.platform}`;
}

/** The service origin without a trailing slash; refuses anything but http(s) URLs without a path. */
export function normalizeServiceUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url must be the service's address, like https://propfolio.example.com (got "${url}")`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`--url must start with https:// (got "${url}")`);
  if (parsed.search || parsed.hash) throw new Error(`--url takes no query or fragment (got "${url}")`);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}
