import { afterEach, describe, expect, it } from '@jest/globals';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppError, type Caller } from '@propfolio/core';
import type { SimulationInput } from '@propfolio/coach';
import { readStatement, StatementError } from '@propfolio/mt-statements';
import { reportOfDays } from '@propfolio/mt-statements/testing';
import { readTradeFileBytes } from '../statements/import-formats.js';
import { createCpuPool, type CpuPoolOptions } from './cpu-pool.js';
import { PART_ITEMS, type CpuPool, type CpuRequester } from './cpu-tasks.js';

/** The test-only hook that makes a child abort (or hang) on a marked statement (libs/domain/test/abort-hook.mjs). */
const HOOK = pathToFileURL(fileURLToPath(new URL('../../test/abort-hook.mjs', import.meta.url))).href;
const marked = (marker: string): Uint8Array => new TextEncoder().encode(`${marker} <html></html>`);

const member = (name: string): CpuRequester => ({
  caller: { userId: name, userName: name, credentialId: `key:${name}`, scope: 'full' } satisfies Caller,
});
const anonymous = (address: string): CpuRequester => ({ caller: null, clientAddress: address });

function simulation(paths: number, horizonDays = 60, scales = 0): SimulationInput {
  return {
    state: { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: null },
    rules: { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 10 },
    // Small daily moves: most paths stay open to the horizon, so the job's length follows its size.
    dailyPnlPercent: Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? -0.05 : 0.04)),
    paths,
    horizonDays,
    riskScale: Array.from({ length: scales }, (_, i) => 0.5 + i / 10),
  };
}

/** A DXtrade closed-positions export of `rows` trades, each with its own id, time and result. */
function dxtradeFile(rows: number): Uint8Array {
  const lines = ['Position Code,Symbol,Side,Quantity,Open Time,Open Price,Close Time,Close Price,Commission,Swap,P&L,Net P&L'];
  for (let i = 0; i < rows; i++) {
    const opened = new Date(Date.UTC(2026, 0, 5) + i * 300_000).toISOString().slice(0, 19).replace('T', ' ');
    const closed = new Date(Date.UTC(2026, 0, 5) + i * 300_000 + 240_000).toISOString().slice(0, 19).replace('T', ' ');
    const profit = (((i * 37) % 400) - 150).toFixed(2);
    lines.push(
      `DX-${i},EURUSD,${i % 2 ? 'Sell' : 'Buy'},0.10,${opened},1.10000,${closed},1.10100,-0.70,0.00,${profit},${(Number(profit) - 0.7).toFixed(2)}`,
    );
  }
  return new TextEncoder().encode(lines.join('\n'));
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('the CPU pool', () => {
  let pool: CpuPool | undefined;
  const open = (options: Partial<CpuPoolOptions> = {}): CpuPool =>
    (pool = createCpuPool({ workers: 1, queueLimit: 8, jobTimeoutMs: 20_000, execArgv: ['--import', HOOK], ...options }));
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('runs each kind of job in a child process, engine errors arriving as the engine threw them', async () => {
    const cpu = open();
    const result = await cpu.run({ kind: 'simulate', input: simulation(1000) }, member('ann'));
    expect(result.paths).toBe(1000);
    expect(await failure(cpu.run({ kind: 'statement', input: new TextEncoder().encode('not a statement') }, member('ann')))).toBeInstanceOf(
      StatementError,
    );
    const built = await cpu.run({ kind: 'build', input: { changes: [] } }, member('ann'));
    expect(built.bytes).toBeInstanceOf(Uint8Array);
  });

  it('sends a long result in parts that arrive whole and in order: the same trade file as read in-process, job after job', async () => {
    const cpu = open();
    for (const rows of [2 * PART_ITEMS + 345, 3]) {
      const bytes = dxtradeFile(rows);
      const file = await cpu.run({ kind: 'tradeFile', input: { bytes } }, member('ann'));
      expect(file.positions).toHaveLength(rows);
      expect(file).toEqual(readTradeFileBytes({ bytes }));
    }
    // A MetaTrader statement's transactions likewise (a deposit and 1,259 balance deals over 60 days).
    const { bytes } = reportOfDays('51234567', 60, 21);
    const statement = await cpu.run({ kind: 'statement', input: bytes }, member('ann'));
    expect(statement.transactions.length).toBeGreaterThan(PART_ITEMS);
    expect(statement).toEqual(readStatement(bytes));
  });

  it('answers 422 job_aborted when the child dies mid-job (a fatal runtime error), and the next job gets a new child', async () => {
    const cpu = open();
    const aborted = await failure(cpu.run({ kind: 'statement', input: marked('PROPFOLIO-TEST-ABORT') }, member('ann')));
    expect(aborted).toBeInstanceOf(AppError);
    expect(aborted).toMatchObject({ code: 'job_aborted', status: 422 });
    expect((aborted as AppError).detail).toContain('SIGABRT');
    expect((await cpu.run({ kind: 'simulate', input: simulation(500) }, member('ann'))).paths).toBe(500);
  });

  it('gives a job that arrives as an idle child is told to leave a new child, never the leaving one', async () => {
    const cpu = open({ idleMs: 0 });
    expect((await cpu.run({ kind: 'simulate', input: simulation(200) }, member('ann'))).paths).toBe(200);
    // Timers of one length fire in the order they were set: the child's idle timer (set as it answered) has sent its
    // signal when this one fires, and the child's exit has not arrived yet.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cpu.run({ kind: 'simulate', input: simulation(300) }, member('ann'))).paths).toBe(300);
  });

  it('stops a job past its time budget (503, the child killed) and serves the next one', async () => {
    const cpu = open({ jobTimeoutMs: 1_500 });
    const stopped = await failure(cpu.run({ kind: 'statement', input: marked('PROPFOLIO-TEST-HANG') }, member('ann')));
    expect(stopped).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect((await cpu.run({ kind: 'simulate', input: simulation(500) }, member('ann'))).paths).toBe(500);
  });

  it('counts a job’s CPU time, not the clock’s: a job that waits longer than its budget without computing still answers', async () => {
    // 2.5 s of waiting (no CPU) against a 1 s budget: on a loaded machine a job gets less of the CPU and takes longer by the clock.
    const cpu = open({ jobTimeoutMs: 1_000 });
    const answered = await failure(cpu.run({ kind: 'statement', input: marked('PROPFOLIO-TEST-PAUSE') }, member('ann')));
    // The child read it after the pause and found no statement in it: its own answer, not the pool's 503.
    expect(answered).not.toBeInstanceOf(AppError);
    expect((answered as Error).message).toContain('not a MetaTrader account statement');
  });

  it('stops a job that waits without computing at four times its budget by the clock (503), and serves the next one', async () => {
    const cpu = open({ jobTimeoutMs: 500 });
    const stopped = await failure(cpu.run({ kind: 'statement', input: marked('PROPFOLIO-TEST-WAIT') }, member('ann')));
    expect(stopped).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect((stopped as AppError).detail).toContain('took longer than 2000 ms');
    expect((await cpu.run({ kind: 'simulate', input: simulation(500) }, member('ann'))).paths).toBe(500);
  });

  it('refuses up front (422 too_costly, facts: cost, limit, unit) a job whose cost cannot fit its budget', async () => {
    const cpu = open({ jobTimeoutMs: 10_000 });
    // The largest public simulation: 100,000 paths × 1,000 days × 11 runs (about 18 s of one core).
    const refused = await failure(cpu.run({ kind: 'simulate', input: simulation(100_000, 1000, 10) }, anonymous('203.0.113.1')));
    expect(refused).toMatchObject({
      code: 'too_costly',
      status: 422,
      facts: { cost: 1_100_000_000, limit: 100_000_000, unit: 'path-days' },
    });
    expect((refused as AppError).detail).toContain('100,000 paths × 1,000 days × 11 runs');
    const bytes = await failure(cpu.run({ kind: 'statement', input: new Uint8Array(6_100_000) }, member('ann')));
    expect(bytes).toMatchObject({ code: 'too_costly', facts: { cost: 6_100_000, limit: 6_000_000, unit: 'bytes' } });
    // Refused before any child was asked: the same address is not holding a job now.
    expect((await cpu.run({ kind: 'simulate', input: simulation(200) }, anonymous('203.0.113.1'))).paths).toBe(200);
  });

  it('lets an anonymous client have one job at a time, and anonymous clients half the queue (429 with when to retry)', async () => {
    const cpu = open({ queueLimit: 4 });
    const first = cpu.run({ kind: 'simulate', input: simulation(20_000, 200) }, anonymous('203.0.113.1'));
    const again = await failure(cpu.run({ kind: 'simulate', input: simulation(200) }, anonymous('203.0.113.1')));
    expect(again).toMatchObject({ code: 'rate_limited', status: 429, facts: { limit: 1 } });
    expect((again as AppError).facts?.resetSeconds).toBeGreaterThanOrEqual(1);
    const second = cpu.run({ kind: 'simulate', input: simulation(200) }, anonymous('203.0.113.2'));
    const third = await failure(cpu.run({ kind: 'simulate', input: simulation(200) }, anonymous('203.0.113.3')));
    expect(third).toMatchObject({ code: 'rate_limited', facts: { limit: 2 } });
    // A signed-in caller is not counted against the anonymous slice.
    const signedIn = cpu.run({ kind: 'simulate', input: simulation(200) }, member('ann'));
    await Promise.all([first, second, signedIn]);
  });

  it('serves signed-in callers before anonymous ones, and lanes of work in turn', async () => {
    const cpu = open({ queueLimit: 16 });
    const order: string[] = [];
    const track = (name: string, job: Promise<unknown>): Promise<void> =>
      job.then(
        () => void order.push(name),
        () => void order.push(name),
      );
    // One child: the first job holds it while the rest queue up in the order sent.
    const jobs = [
      track('member sim 1', cpu.run({ kind: 'simulate', input: simulation(30_000, 200) }, member('ann'))),
      track('anonymous sim a', cpu.run({ kind: 'simulate', input: simulation(200) }, anonymous('198.51.100.1'))),
      track('anonymous sim b', cpu.run({ kind: 'simulate', input: simulation(200) }, anonymous('198.51.100.2'))),
      track('member sim 2', cpu.run({ kind: 'simulate', input: simulation(200) }, member('bob'))),
      track('member sim 3', cpu.run({ kind: 'simulate', input: simulation(200) }, member('bob'))),
      track('member import', cpu.run({ kind: 'statement', input: new TextEncoder().encode('x') }, member('cy'))),
    ];
    await Promise.all(jobs);
    expect(order).toEqual(['member sim 1', 'member import', 'member sim 2', 'member sim 3', 'anonymous sim a', 'anonymous sim b']);
  });
});
