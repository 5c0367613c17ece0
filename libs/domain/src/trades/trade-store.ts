import { AppError } from '@propfolio/core';
import { MAX_POSITIONS_PER_MESSAGE, MAX_SYMBOL_LENGTH, type ClosedPositionInput, type Side } from './trades.inputs.js';
import { latestRecordedMs } from '../shared/recorded-instant.js';
import { Slicer } from '../shared/slicer.js';
import { markSignals } from './trade-signals.js';
import { TradesRepository, type TradesTransaction } from './trades.repository.js';
import { toDecimal } from '../shared/money.js';

/** One closing deal of a position, as stored in `Trade.exits`. */
export interface PositionExit {
  at: Date;
  /** Exact decimal text, as every amount of a record below: the source's figures are stored unrounded. */
  volume: string;
  price: string;
  profit: string;
}

/** A closed position as either source (a statement, the tracker) hands it to `storePositions`: instants already zone-correct. */
export interface PositionRecord {
  position: string;
  symbol: string;
  side: Side;
  volume: string;
  openedAt: Date;
  closedAt: Date;
  openPrice: string;
  closePrice: string;
  stopLoss: string | null;
  takeProfit: string | null;
  commission: string;
  swap: string;
  fee: string;
  profit: string;
  comment: string | null;
  magic: string | null;
  mae: string | null;
  mfe: string | null;
  exits: readonly PositionExit[];
}

/** What storing a batch does to each position: new, its figures replaced, or already stored with the same figures. */
export interface PositionOutcomes {
  created: number;
  updated: number;
  unchanged: number;
}

function rejected(position: string, why: string): AppError {
  return new AppError('position_rejected', `Position ${position}: ${why}. Nothing was stored.`, [{ field: 'positions', message: why }], {
    position,
  });
}

/**
 * The rules a position must meet before anything of its batch is written, whichever source sent it; the
 * first broken one refuses the whole batch (422 position_rejected naming the position), so a batch is all
 * or nothing and a retry after the fix cannot leave half of it behind.
 */
export function checkPositions(positions: readonly PositionRecord[]): void {
  const seen = new Set<string>();
  for (const p of positions) checkPosition(p, seen);
}

/**
 * checkPositions with the event loop handed back every few milliseconds: a maximum tracker message's 10,000
 * positions of 7 exits (70,000 exact sums) in one stretch held every other request.
 */
export async function checkPositionsInSlices(positions: readonly PositionRecord[]): Promise<void> {
  const seen = new Set<string>();
  const slicer = new Slicer();
  for (const p of positions) {
    await slicer.pause();
    checkPosition(p, seen);
  }
}

/** One position's rules; `seen` holds the batch's positions before it (an id twice is refused). */
function checkPosition(p: PositionRecord, seen: Set<string>): void {
  if (seen.has(p.position)) throw rejected(p.position, 'appears twice in one batch');
  seen.add(p.position);
  if (p.symbol.length > MAX_SYMBOL_LENGTH) throw rejected(p.position, `symbol is longer than ${MAX_SYMBOL_LENGTH} characters`);
  if (p.closedAt < p.openedAt) throw rejected(p.position, 'closedAt is before openedAt');
  const exited = p.exits.reduce((sum, exit) => sum.plus(exit.volume), toDecimal(0));
  if (exited.greaterThan(p.volume)) throw rejected(p.position, `its exits close ${exited.toString()} lots of a ${p.volume} lot position`);
  if (p.exits.some((exit) => exit.at < p.openedAt || exit.at > p.closedAt)) {
    throw rejected(p.position, 'an exit lies outside openedAt … closedAt');
  }
}

function futurePosition(position: string, index: number, now: Date): AppError {
  const why = `closedAt is more than a day after the service's clock (${now.toISOString()})`;
  return new AppError(
    'position_rejected',
    `Position ${position}: ${why}. Nothing was stored.`,
    [{ field: `positions.${index}.closedAt`, message: why }],
    {
      position,
    },
  );
}

const decimalText = (value: number): string => String(value);
const optionalText = (value: number | null | undefined): string | null => (value === null || value === undefined ? null : String(value));

/** A message over the batch bound is refused whole, naming the bound (422 position_rejected). */
export function refuseOversizedBatch(count: number): void {
  if (count <= MAX_POSITIONS_PER_MESSAGE) return;
  throw new AppError(
    'position_rejected',
    `A message carries at most ${MAX_POSITIONS_PER_MESSAGE} positions; this one has ${count}. Send them in batches. Nothing was stored.`,
    [{ field: 'positions', message: `at most ${MAX_POSITIONS_PER_MESSAGE} positions` }],
    { limit: MAX_POSITIONS_PER_MESSAGE, received: count },
  );
}

/**
 * A tracker message's positions as records, in slices of the event loop; the batch bound is checked first, before
 * any per-position work. A position closed more than a day past the service's clock `now` (the statements' bound)
 * is refused naming it: it would pin the account's last trading day in the future.
 */
export async function recordsFromMessage(positions: readonly ClosedPositionInput[], now: Date): Promise<PositionRecord[]> {
  refuseOversizedBatch(positions.length);
  const latest = latestRecordedMs(now);
  positions.forEach((p, i) => {
    if (Date.parse(p.closedAt) > latest) throw futurePosition(p.position, i, now);
  });
  const records: PositionRecord[] = [];
  const slicer = new Slicer();
  for (const p of positions) {
    await slicer.pause();
    records.push(recordOf(p));
  }
  return records;
}

function recordOf(p: ClosedPositionInput): PositionRecord {
  return {
    position: p.position,
    symbol: p.symbol,
    side: p.side,
    volume: decimalText(p.volume),
    openedAt: new Date(p.openedAt),
    closedAt: new Date(p.closedAt),
    openPrice: decimalText(p.openPrice),
    closePrice: decimalText(p.closePrice),
    stopLoss: optionalText(p.stopLoss),
    takeProfit: optionalText(p.takeProfit),
    commission: decimalText(p.commission ?? 0),
    swap: decimalText(p.swap ?? 0),
    fee: decimalText(p.fee ?? 0),
    profit: decimalText(p.profit),
    // The tracker sends "" for no comment; stored as none, as a statement's empty comment is.
    comment: p.comment === undefined || p.comment === null || p.comment === '' ? null : p.comment,
    magic: optionalText(p.magic),
    mae: optionalText(p.mae),
    mfe: optionalText(p.mfe),
    exits: (p.exits ?? []).map((e) => ({
      at: new Date(e.at),
      volume: decimalText(e.volume),
      price: decimalText(e.price),
      profit: decimalText(e.profit),
    })),
  };
}

function batchJson(positions: readonly PositionRecord[]): string {
  return JSON.stringify(
    positions.map((p) => ({
      ...p,
      openedAt: p.openedAt.toISOString(),
      closedAt: p.closedAt.toISOString(),
      exits: p.exits.map((e) => ({ at: e.at.toISOString(), volume: Number(e.volume), price: Number(e.price), profit: Number(e.profit) })),
    })),
  );
}

/**
 * What `storePositions` would do with the batch, without writing: the statement import's dry run. One read, the
 * same comparison as the upsert's (same column types, same figures), so the preview's counts are the write's.
 */
export async function judgePositions(
  tx: TradesTransaction,
  accountId: string,
  positions: readonly PositionRecord[],
): Promise<PositionOutcomes> {
  if (positions.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  await checkPositionsInSlices(positions);
  const { created, updated } = await new TradesRepository(tx).judgePositions(accountId, batchJson(positions));
  return { created, updated, unchanged: positions.length - created - updated };
}

/**
 * A batch checked (`checkPositions`) and cut into its upsert statements' JSON, ready before the write's transaction
 * opens: the transaction then holds the database only for its statements. On PGlite (one connection) every other
 * request's read waits for an open transaction, and a maximum tracker message's checks (70,000 exact sums) and JSON
 * (7 MB) took longer than its statements; they ran inside it until issue 40's second round.
 */
export interface PreparedBatch {
  readonly positions: readonly PositionRecord[];
  /** One JSON text per upsert statement, each of at most ROWS_PER_WRITE rows (writeChunks), with its position count. */
  readonly statements: readonly { json: string; count: number }[];
}

/** Checks a batch and builds its statements' JSON in slices of the event loop; refuses it whole (422) on the first broken rule. */
export async function prepareBatch(positions: readonly PositionRecord[]): Promise<PreparedBatch> {
  await checkPositionsInSlices(positions);
  const slicer = new Slicer();
  const statements: { json: string; count: number }[] = [];
  for (const chunk of positions.length === 0 ? [] : writeChunks(positions)) {
    await slicer.pause();
    statements.push({ json: batchJson(chunk), count: chunk.length });
  }
  return { positions, statements };
}

/**
 * Stores an account's closed positions (a batch prepared outside the transaction, see prepareBatch) in statements of
 * ROWS_PER_WRITE rows at most, whatever their number: each chunk travels as one JSON parameter, is expanded by
 * `jsonb_to_recordset` and upserted on (accountId, position). A position
 * already stored with the same figures is not touched (no row version, no trigger, no cache drop); one
 * whose figures changed (a re-import after the broker corrected a commission) gets the new figures and
 * keeps the trader's tags, note, setup and planned risk; then the copies of a group's signal around the stored trades are
 * given their shared signalId (trade-signals.ts). Call it inside the transaction that checked the
 * account (the statement import's, or the tracker push's). Answers how many were created, updated and not touched.
 */
export async function storePositions(tx: TradesTransaction, accountId: string, batch: PreparedBatch): Promise<PositionOutcomes> {
  if (batch.positions.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  // The owner's signal lock before the first row is written: copies pushed from several terminals at once are
  // matched one push after the other, each seeing the others' committed trades (trades.repository.ts).
  const signals = new TradesRepository(tx);
  const owner = await signals.lockSignalsOfAccount(accountId);
  const outcomes: PositionOutcomes = { created: 0, updated: 0, unchanged: 0 };
  // One statement after the other, nothing else between them: PGlite executes them on its own thread and PostgreSQL
  // in its own process, so the server's event loop turns while each runs (each is an awaited message or round trip).
  for (const statement of batch.statements) {
    const written = await signals.upsertPositions(accountId, statement);
    outcomes.created += written.created;
    outcomes.updated += written.updated;
    outcomes.unchanged += written.unchanged;
  }
  // A resend changed nothing, so no signal either; otherwise the copies around the stored trades are matched.
  if (owner !== null && outcomes.created + outcomes.updated > 0)
    await markSignals(signals, owner, [accountId], openSpanOf(batch.positions));
  return outcomes;
}

/** The open instants a batch covers. */
function openSpanOf(positions: readonly PositionRecord[]): { from: Date; to: Date } {
  let from = Infinity;
  let to = -Infinity;
  for (const p of positions) {
    from = Math.min(from, p.openedAt.getTime());
    to = Math.max(to, p.openedAt.getTime());
  }
  return { from: new Date(from), to: new Date(to) };
}

/**
 * Rows (a position or one of its exits) one upsert statement carries: a maximum message (10,000 positions of 7 exits)
 * is 4 statements of about 1.9 MB of JSON. Each statement costs the same few milliseconds whatever it carries (its
 * plan, six statement triggers, the trip to PGlite's thread), and each holds PGlite's one connection for its whole
 * length, so while the write's transaction is open every other request waits: with 1,000 rows a message was 80
 * statements, whose transaction took 1.2–1.6× the CPU; the whole message as one statement spilled its rows to
 * temporary files (past PostgreSQL's 4 MB work_mem) and was no faster (issue 40, PGlite, the sizes alternating).
 */
export const ROWS_PER_WRITE = 20_000;

/** The batch cut into the positions each upsert statement carries (at most ROWS_PER_WRITE rows, one position at least). */
export function writeChunks(positions: readonly PositionRecord[]): PositionRecord[][] {
  const chunks: PositionRecord[][] = [];
  let chunk: PositionRecord[] = [];
  let rows = 0;
  for (const p of positions) {
    const weight = 1 + p.exits.length;
    if (chunk.length > 0 && rows + weight > ROWS_PER_WRITE) {
      chunks.push(chunk);
      chunk = [];
      rows = 0;
    }
    chunk.push(p);
    rows += weight;
  }
  chunks.push(chunk);
  return chunks;
}

/**
 * The transaction timeout of a write that stores a batch: Prisma's default, 5 s, ended a maximum tracker message
 * (10,000 positions of 7 exits, then cut into about 80 statements with a turn of the event loop between them) with a 500
 * on a loaded 2-core PGlite machine; the batch is bounded, so its transaction is given the time its statements take.
 */
export const STORE_TIMEOUT_MS = 60_000;
