import { readFileSync } from 'node:fs';
import { formatInstant, type ClosedPosition, type OpenPosition } from './protocol.js';
import type { Figures } from './tracker.js';

/**
 * The `--figures` file: `{ "balance": 101250.4, "equity": 101180, "closedPnlToday": 412.25, "closedPositions": [...],
 * "openPositions": [...] }`, written by
 * whatever knows the account (a broker API script, another platform's export). Re-read at every interval;
 * write it atomically (to a temporary file, then rename) so that the tracker never reads half of it.
 */
export function parseFigures(text: string, source = 'figures'): Figures {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${source} must be a JSON object`);
  const record = value as Record<string, unknown>;
  const amount = (key: string, required: boolean): number | undefined => {
    const field = record[key];
    if (field === undefined && !required) return undefined;
    if (typeof field !== 'number' || !Number.isFinite(field)) throw new Error(`${source}: "${key}" must be a number`);
    return field;
  };
  const balance = amount('balance', true) as number;
  const equity = amount('equity', true) as number;
  const closedPnlToday = amount('closedPnlToday', false);
  const list = record.closedPositions;
  if (list !== undefined && !Array.isArray(list)) throw new Error(`${source}: "closedPositions" must be an array`);
  const closedPositions = list?.map((entry, index) => parsePosition(entry, `${source}: closedPositions[${index}]`));
  const open = record.openPositions;
  if (open !== undefined && !Array.isArray(open)) throw new Error(`${source}: "openPositions" must be an array`);
  const openPositions = open?.map((entry, index) => parseOpenPosition(entry, `${source}: openPositions[${index}]`));
  return {
    balance,
    equity,
    ...(closedPnlToday === undefined ? {} : { closedPnlToday }),
    ...(closedPositions === undefined ? {} : { closedPositions }),
    ...(openPositions === undefined ? {} : { openPositions }),
  };
}

/** The readers of one position object's fields, each naming the field it refuses. */
function fieldsOf(value: unknown, where: string) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} must be an object`);
  const record = value as Record<string, unknown>;
  const text = (key: string): string => {
    const field = record[key];
    if (typeof field !== 'string' || field.trim() === '') throw new Error(`${where}: "${key}" must be a non-empty string`);
    return field.trim();
  };
  const number = (key: string, fallback?: number): number => {
    const field = record[key] ?? fallback;
    if (typeof field !== 'number' || !Number.isFinite(field)) throw new Error(`${where}: "${key}" must be a number`);
    return field;
  };
  const nullable = (key: string): number | null => (record[key] === undefined || record[key] === null ? null : number(key));
  const instant = (key: string): string => {
    const field = text(key);
    // An instant without a zone would be read in this machine's zone: refuse it rather than guess.
    if (!/(Z|[+-]\d\d:?\d\d)$/i.test(field) || Number.isNaN(Date.parse(field)))
      throw new Error(`${where}: "${key}" must be an ISO 8601 instant with its zone (got "${field}")`);
    return formatInstant(Date.parse(field));
  };
  const side = (): 'buy' | 'sell' => {
    const field = text('side');
    if (field !== 'buy' && field !== 'sell') throw new Error(`${where}: "side" must be "buy" or "sell"`);
    return field;
  };
  const volume = (): number => {
    const field = number('volume');
    if (field <= 0) throw new Error(`${where}: "volume" must be above 0`);
    return field;
  };
  const position = (): string =>
    typeof record.position === 'number' && Number.isSafeInteger(record.position) ? String(record.position) : text('position');
  return { record, text, number, nullable, instant, side, volume, position };
}

/**
 * One open position of the figures file. `lossAtStop` is the net loss if the stop is hit, as the platform computes it
 * (positive; 0 or less at or past breakeven); left out or null when not known.
 */
function parseOpenPosition(value: unknown, where: string): OpenPosition {
  const f = fieldsOf(value, where);
  return {
    position: f.position(),
    symbol: f.text('symbol'),
    side: f.side(),
    volume: f.volume(),
    openedAt: f.instant('openedAt'),
    stopLoss: f.nullable('stopLoss'),
    lossAtStop: f.nullable('lossAtStop'),
  };
}

/** One closed position of the figures file, with the protocol's defaults (costs 0, no comment, magic 0, unknown levels). */
function parsePosition(value: unknown, where: string): ClosedPosition {
  const { record, text, number, nullable, instant, side, volume, position } = fieldsOf(value, where);
  const magic = number('magic', 0);
  if (!Number.isSafeInteger(magic) || magic < 0) throw new Error(`${where}: "magic" must be a whole number ≥ 0`);
  const comment = record.comment ?? '';
  if (typeof comment !== 'string') throw new Error(`${where}: "comment" must be a string`);
  const openedAt = instant('openedAt');
  const closedAt = instant('closedAt');
  if (closedAt < openedAt) throw new Error(`${where}: "closedAt" is before "openedAt"`);
  return {
    position: position(),
    symbol: text('symbol'),
    side: side(),
    volume: volume(),
    openedAt,
    closedAt,
    openPrice: number('openPrice'),
    closePrice: number('closePrice'),
    stopLoss: nullable('stopLoss'),
    takeProfit: nullable('takeProfit'),
    commission: number('commission', 0),
    swap: number('swap', 0),
    fee: number('fee', 0),
    profit: number('profit'),
    comment,
    magic,
    mae: nullable('mae'),
    mfe: nullable('mfe'),
  };
}

export function readFigures(path: string): Figures {
  return parseFigures(readFileSync(path, 'utf8'), path);
}
