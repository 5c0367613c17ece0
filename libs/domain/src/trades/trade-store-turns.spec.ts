import { describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { MAX_POSITIONS_PER_MESSAGE } from './trades.inputs.js';
import { createDomainServices } from '../services.js';
import { newCaller } from '../testing/fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { prepareBatch, ROWS_PER_WRITE, STORE_TIMEOUT_MS, storePositions, writeChunks, type PositionRecord } from './trade-store.js';

/** Position `i`: one a minute from 2026-03-02, held 45 s, with `exits` partial closes (0.01 lot each). */
function record(i: number, exits: number): PositionRecord {
  const opened = Date.UTC(2026, 2, 2) + i * 60_000;
  return {
    position: String(i + 1),
    symbol: 'EURUSD',
    side: 'buy',
    volume: '1',
    openedAt: new Date(opened),
    closedAt: new Date(opened + 45_000),
    openPrice: '1.08',
    closePrice: '1.081',
    stopLoss: null,
    takeProfit: null,
    commission: '-7',
    swap: '0',
    fee: '0',
    profit: String((i % 7) * 10 - 30),
    comment: null,
    magic: null,
    mae: null,
    mfe: null,
    exits: Array.from({ length: exits }, (_, k) => ({ at: new Date(opened + 30_000), volume: '0.01', price: '1.1', profit: String(k) })),
  };
}

const rows = (chunk: readonly PositionRecord[]) => chunk.reduce((sum, p) => sum + 1 + p.exits.length, 0);

describe('a batch is cut into write statements of bounded size', () => {
  it('a maximum message (10,000 positions of 7 exits) becomes statements of at most ROWS_PER_WRITE rows, in order', () => {
    const batch = Array.from({ length: MAX_POSITIONS_PER_MESSAGE }, (_, i) => record(i, 7));
    const chunks = writeChunks(batch);
    expect(chunks.length).toBe(Math.ceil(rows(batch) / ROWS_PER_WRITE));
    expect(Math.max(...chunks.map(rows))).toBeLessThanOrEqual(ROWS_PER_WRITE);
    expect(chunks.flat().map((p) => p.position)).toEqual(batch.map((p) => p.position));
  });

  it('a position heavier than one statement still travels, alone', () => {
    const heavy = [record(0, 1), record(1, ROWS_PER_WRITE + 5), record(2, 1)];
    expect(writeChunks(heavy).map((chunk) => chunk.map((p) => p.position))).toEqual([['1'], ['2'], ['3']]);
  });
});

describeEachDatabase('storePositions gives the event loop a turn between its statements', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account } = journalFixture(services);

  it('other work runs between the statements of one transaction, and the batch is stored whole', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const batch = Array.from({ length: 3 * Math.floor(ROWS_PER_WRITE / 10) }, (_, i) => record(i, 9));
    const statements = writeChunks(batch).length;
    expect(statements).toBe(3);
    // Counts macrotask turns while the write runs: the statements run on PGlite's thread (or PostgreSQL's process), so
    // other work (a /healthz, another user's request) is served while each one runs.
    const prepared = await prepareBatch(batch);
    let turns = 0;
    let writing = true;
    const tick = (): void => {
      if (!writing) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const outcomes = await getDb().prisma.$transaction(async (tx) => storePositions(tx, id, prepared), { timeout: STORE_TIMEOUT_MS });
    writing = false;
    expect(outcomes).toEqual({ created: batch.length, updated: 0, unchanged: 0 });
    expect(turns).toBeGreaterThanOrEqual(statements - 1);
    expect(await getDb().prisma.trade.count({ where: { accountId: id } })).toBe(batch.length);
  });
});

describeEachDatabase('storePositions writes only what differs', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account } = journalFixture(services);

  it('one batch of new, corrected and resent positions: each counted once, only the corrected one rewritten', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const write = async (batch: PositionRecord[]) => {
      const prepared = await prepareBatch(batch);
      return getDb().prisma.$transaction(async (tx) => storePositions(tx, id, prepared));
    };
    const stored = async () =>
      new Map(
        (
          await getDb().prisma.trade.findMany({ where: { accountId: id }, select: { position: true, commission: true, updatedAt: true } })
        ).map((t) => [t.position, t]),
      );
    await expect(write([record(0, 2), record(1, 2)])).resolves.toEqual({ created: 2, updated: 0, unchanged: 0 });
    const before = await stored();
    // Position 2 corrected (its commission), position 1 sent again as it is, position 3 new.
    const corrected = { ...record(1, 2), commission: '-8' };
    await expect(write([record(0, 2), corrected, record(2, 2)])).resolves.toEqual({ created: 1, updated: 1, unchanged: 1 });
    const after = await stored();
    expect([...after.keys()].sort()).toEqual(['1', '2', '3']);
    expect(after.get('1')?.updatedAt).toEqual(before.get('1')?.updatedAt);
    expect(after.get('2')?.commission.toString()).toBe('-8');
    await expect(write([record(0, 2), corrected, record(2, 2)])).resolves.toEqual({ created: 0, updated: 0, unchanged: 3 });
  });
});
