import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Caller } from '@propfolio/core';
import { activeContracts, CONTRACTS, installContracts, TradeFileError } from '@propfolio/trade-files';
import { createCpuPool } from './cpu-pool.js';
import { runCpuTask, type CpuPool } from './cpu-tasks.js';
import { FUTURES_CONTRACTS_SETTING, FuturesContractsError, loadFuturesContracts } from './futures-contracts.js';

const dir = mkdtempSync(join(tmpdir(), 'contracts-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const ZN = '{"ZN": {"pointValue": "1000", "tickSize": "0.015625", "currency": "USD", "exchange": "CBOT", "name": "10-Year T-Note"}}';

/** A Tradovate Fills export (its real header) of one ZN round trip: bought 110.5, sold 111, one contract. */
const HEADER =
  '_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,_active,_accountId,Fill ID,Order ID,Timestamp,Date,Account,B/S,Quantity,Price,_priceFormat,_priceFormatType,_tickSize,Contract,Product,Product Description,commission';
const fill = (id: number, at: string, side: string, price: string) =>
  `${id},${id},1,2026-03-02 ${at}.000Z,2026-03-02,${side},1,${price},true,1,${id},${id},03/02/2026 ${at},3/2/26,DEMO1, ${side},1,${price},-2,0,0.015625,ZNH6,ZN,10-Year T-Note,0.50`;
const ZN_FILLS = new TextEncoder().encode(
  [HEADER, fill(2, '15:10:00', 'Sell', '111'), fill(1, '14:31:05', 'Buy', '110.5')].join('\r\n') + '\r\n',
);
const ann = { caller: { userId: 'ann', userName: 'ann', credentialId: 'key:ann', scope: 'full' } satisfies Caller };

describe('loadFuturesContracts: the operator’s futures contract table, read at start', () => {
  let pool: CpuPool | undefined;
  afterEach(async () => {
    installContracts(CONTRACTS);
    delete process.env.FUTURES_CONTRACTS_FILE;
    await pool?.close();
    pool = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the built-in table when nothing is set', () => {
    expect(loadFuturesContracts({})).toBeNull();
    expect(activeContracts()).toBe(CONTRACTS);
  });

  it.each([
    ['a file that is not there', join(dir, 'missing.json'), /cannot be read \(ENOENT\)/],
    ['a file that is not JSON', file('bad.json', '{"ZN": '), /not JSON/],
    ['an entry without a tick size', file('tick.json', '{"ZN": {"pointValue": "1000", "currency": "USD"}}'), /ZN: tickSize is missing/],
    [
      'a negative point value',
      file('neg.json', '{"ZN": {"pointValue": "-1000", "tickSize": "0.1", "currency": "USD"}}'),
      /ZN: pointValue "-1000"/,
    ],
  ])('stops the start on %s, naming the setting and the file', (_, path, why) => {
    const error = (() => {
      try {
        loadFuturesContracts({ [FUTURES_CONTRACTS_SETTING]: path });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(FuturesContractsError);
    expect((error as FuturesContractsError).message).toContain(`${FUTURES_CONTRACTS_SETTING} (${path})`);
    expect((error as FuturesContractsError).message).toMatch(why);
    expect(activeContracts()).toBe(CONTRACTS);
  });

  it('prices a root the built-in table lacks, in this process and in the CPU pool’s children', async () => {
    const refused = (() => {
      try {
        runCpuTask({ kind: 'tradeFile', input: { bytes: ZN_FILLS } });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(TradeFileError);
    expect((refused as TradeFileError).detail).toMatchObject({ column: 'Contract', value: 'ZNH6' });

    const path = file('zn.json', ZN);
    expect(loadFuturesContracts({ [FUTURES_CONTRACTS_SETTING]: path })?.ZN?.pointValue).toBe('1000');
    const here = runCpuTask({ kind: 'tradeFile', input: { bytes: ZN_FILLS } });
    expect(here.positions).toMatchObject([{ symbol: 'ZNH6', volume: '1', profit: '500' }]);

    // The child reads the same setting at its start.
    process.env.FUTURES_CONTRACTS_FILE = path;
    pool = createCpuPool({ workers: 1, queueLimit: 4, jobTimeoutMs: 60_000 });
    const there = await pool.run({ kind: 'tradeFile', input: { bytes: ZN_FILLS } }, ann);
    expect(there.positions).toMatchObject([{ symbol: 'ZNH6', volume: '1', profit: '500' }]);
  }, 120_000);
});

describe('a trade file’s refusal from a CPU child', () => {
  it('keeps its reason and params across the process boundary, for a client to word it', async () => {
    const pool = createCpuPool({ workers: 1, queueLimit: 4, jobTimeoutMs: 60_000 });
    try {
      const bytes = new TextEncoder().encode('Ticker,Qty,Px\nES,1,5000\n');
      const error = await pool.run({ kind: 'tradeFile', input: { bytes } }, ann).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TradeFileError);
      expect(error).toMatchObject({
        code: 'not_a_trade_file',
        reason: 'unknown_format',
        params: { formats: expect.stringContaining('ctrader') },
      });
    } finally {
      await pool.close();
    }
  }, 120_000);
});
