/**
 * `npm run bench -- imports` (issue 41, Performance): does a trade export import at least half as fast as the same
 * trades sent through the tracker's positions message, and does `/healthz` keep answering meanwhile?
 *
 * The built server in its own process (PGlite in a fresh data directory; PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server: a scratch database beside it). One user, one account per way in. Measured from
 * this process, with a child process probing `/healthz` every 50 ms throughout:
 *
 * 1. anchor: IMPORT_TRADES closed positions through `POST /accounts/{id}/positions`, 10,000 a message (the message's
 *    bound), one message after another: trades per second;
 * 2. each format: the same count of trades as that platform's export (its own header, number and date forms), cut into
 *    files under the import's size bound (a file above it is a 413), imported one after another with
 *    `POST /accounts/{id}/statements`: trades per second, and the answers' `trades.created` summed (a check: every
 *    trade must be created once).
 *
 * Prints each way's seconds, trades/s, its rate over the anchor's (target ≥ 0.5) and `/healthz` p50/p99/max during it
 * (target p99 < 100 ms). Loopback only; bounded by IMPORT_TRADES.
 * Env: IMPORT_TRADES (100000), IMPORT_FORMATS (matchtrader,dxtrade,ctrader), BENCH_TARGETS (pglite,postgres),
 * BENCH_SERVER_ENTRY (apps/server/dist/main.js).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@propfolio/db';
import { createDomainServices } from '@propfolio/domain';
import { closedPosition } from '@propfolio/domain/testing';
import { MAX_STATEMENT_BYTES } from '@propfolio/mt-statements';
import { probeDuring } from '../../chaos/healthz-probe.ts';
import { benchDatabase } from '../http/bench-database.ts';
import { machineLine } from '../http/report.ts';
import { startServer } from '../http/server-process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_ENTRY = resolve(process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js'));
const TRADES = Number(process.env.IMPORT_TRADES ?? 100_000);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const MESSAGE_POSITIONS = 10_000;
const RATE_TARGET = 0.5;
const HEALTHZ_P99_TARGET_MS = 100;
/** Files stay this far under the import's bound: the bound is on the file's bytes, and a margin keeps it clear. */
const FILE_BYTES = Math.floor(MAX_STATEMENT_BYTES * 0.95);

/** Trade `i`: opened every 5 minutes from 2025-01-06 (a Monday), held 7 to 67 minutes, a mix of results. */
interface BenchTrade {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  lots: string;
  opened: Date;
  closed: Date;
  openPrice: string;
  closePrice: string;
  commission: string;
  swap: string;
  profit: string;
  net: string;
}

const SYMBOLS = ['EURUSD', 'GBPUSD', 'AUDUSD', 'USDCAD'];

function tradeAt(i: number): BenchTrade {
  const opened = new Date(Date.UTC(2025, 0, 6) + i * 300_000);
  const closed = new Date(opened.getTime() + (7 + (i % 61)) * 60_000);
  const cents = ((i * 7919) % 40_000) - 18_000; // −180.00 … +219.99
  const profit = cents / 100;
  const commission = -0.7;
  const side = i % 3 === 0 ? 'sell' : 'buy';
  // Prices that agree with the side and the result at 0.10 lot (a pip is $1): readers that check prices see sense.
  const open = 1.1 + (i % 500) / 10_000;
  const move = (profit / 10) * 0.0001 * 10;
  const close = side === 'buy' ? open + move : open - move;
  return {
    id: String(5_000_000 + i),
    symbol: SYMBOLS[i % SYMBOLS.length] ?? 'EURUSD',
    side,
    lots: '0.10',
    opened,
    closed,
    openPrice: open.toFixed(5),
    closePrice: close.toFixed(5),
    commission: commission.toFixed(2),
    swap: '0.00',
    profit: profit.toFixed(2),
    net: (profit + commission).toFixed(2),
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:MM:SS` of an instant in UTC. */
const utcText = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** cTrader's `14 Mar 2026 09:15:02.118`, written in UTC+0 (the header says so). */
const ctraderTime = (d: Date): string =>
  `${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.000`;
/** cTrader writes thousands with a space: `1 049.40`. */
const spaced = (amount: string): string => amount.replace(/\B(?=(\d{3})+(?!\d))/, ' ');

/** Each export as its platform writes it (the layouts of libs/trade-files/test/fixtures), one header and its rows. */
const FORMATS: Record<string, { header: string; row: (t: BenchTrade) => string; bom?: boolean }> = {
  matchtrader: {
    header: 'ID,Symbol,Open time,Volume,Side,Close time,Open price,Close Price,Stop loss,Take profit,Swap,Commission,Profit,Reason',
    row: (t) =>
      [
        t.id,
        t.symbol,
        t.opened.toISOString().slice(0, 19),
        t.lots,
        t.side.toUpperCase(),
        t.closed.toISOString().slice(0, 19),
        t.openPrice,
        t.closePrice,
        '0.00000',
        '0.00000',
        t.swap,
        t.commission,
        t.profit,
        'USER',
      ].join(','),
  },
  dxtrade: {
    header: 'Position Code,Symbol,Side,Quantity,Open Time,Open Price,Close Time,Close Price,Commission,Swap,P&L,Net P&L',
    row: (t) =>
      [
        `DX-${t.id}`,
        t.symbol,
        t.side === 'buy' ? 'Buy' : 'Sell',
        t.lots,
        utcText(t.opened),
        t.openPrice,
        utcText(t.closed),
        t.closePrice,
        t.commission,
        t.swap,
        t.profit,
        t.net,
      ].join(','),
  },
  ctrader: {
    bom: true,
    header:
      '"History"\n"ID","Symbol","Opening Direction","Closing Direction","Opening time (UTC+0)","Closing time (UTC+0)","Entry price","Closing price","Closing Quantity","Gross USD","Commissions","Swap","Pips","Net USD"',
    row: (t) =>
      [
        t.id,
        t.symbol,
        t.side === 'buy' ? 'Buy' : 'Sell',
        t.side === 'buy' ? 'Sell' : 'Buy',
        ctraderTime(t.opened),
        ctraderTime(t.closed),
        t.openPrice,
        t.closePrice,
        `${Number(t.lots)} Lots`,
        spaced(t.profit),
        t.commission,
        t.swap,
        (Number(t.profit) / 1).toFixed(1),
        spaced(t.net),
      ]
        .map((cell) => `"${cell}"`)
        .join(','),
  },
};
const FORMAT_NAMES = (process.env.IMPORT_FORMATS ?? Object.keys(FORMATS).join(',')).split(',');

/** The trades as files of `format` under FILE_BYTES each, oldest first. */
function exportFiles(format: string, count: number): string[] {
  const spec = FORMATS[format];
  if (!spec) throw new Error(`no generator for ${format}; known: ${Object.keys(FORMATS).join(', ')}`);
  const head = `${spec.bom ? '\uFEFF' : ''}${spec.header}\n`;
  const files: string[] = [];
  let rows: string[] = [];
  let bytes = Buffer.byteLength(head);
  for (let i = 0; i < count; i++) {
    const line = `${spec.row(tradeAt(i))}\n`;
    if (bytes + line.length > FILE_BYTES) {
      files.push(head + rows.join(''));
      rows = [];
      bytes = Buffer.byteLength(head);
    }
    rows.push(line);
    bytes += line.length;
  }
  if (rows.length > 0) files.push(head + rows.join(''));
  return files;
}

/** The anchor's messages: the same trades as positions, 10,000 a message. */
function positionMessages(count: number): string[] {
  const messages: string[] = [];
  for (let from = 0; from < count; from += MESSAGE_POSITIONS) {
    const positions = [];
    for (let i = from; i < Math.min(count, from + MESSAGE_POSITIONS); i++) {
      const t = tradeAt(i);
      positions.push(
        closedPosition(t.id, {
          symbol: t.symbol,
          side: t.side,
          openedAt: t.opened.toISOString(),
          closedAt: t.closed.toISOString(),
          volume: Number(t.lots),
          openPrice: Number(t.openPrice),
          closePrice: Number(t.closePrice),
          stopLoss: null,
          profit: Number(t.profit),
          commission: Number(t.commission),
          exits: [],
        }),
      );
    }
    messages.push(JSON.stringify({ positions }));
  }
  return messages;
}

async function post(base: string, key: string, path: string, body: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', connection: 'close' },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // An answer that is not JSON is shown as its text.
  }
  return { status: res.status, body: parsed };
}

interface Way {
  name: string;
  seconds: number;
  created: number;
  healthz: { p50: number; p99: number; max: number; probes: number };
  failure?: string;
}

/** One user with one account per way in, written before the server opens the database. */
async function seed(
  target: { dataDir?: string; databaseUrl?: string },
  ways: string[],
): Promise<{ key: string; accounts: Record<string, string> }> {
  const db = await openDatabase(target);
  try {
    const s = createDomainServices(db);
    const key = await s.keys.createKey('imports', 'bench');
    const caller = await s.keys.authenticate(key.key);
    const accounts: Record<string, string> = {};
    for (const [i, way] of ways.entries()) {
      const account = await s.accounts.register(caller, {
        login: String(8100 + i),
        server: `Bench-${way}`,
        currency: 'USD',
        initialBalance: 100000,
      });
      accounts[way] = account.id;
    }
    return { key: key.key, accounts };
  } finally {
    await db.close();
  }
}

async function onTarget(
  name: string,
  env: Record<string, string>,
  seedTarget: { dataDir?: string; databaseUrl?: string },
  dir: string,
): Promise<Way[]> {
  const ways = ['positions', ...FORMAT_NAMES];
  const { key, accounts } = await seed(seedTarget, ways);
  // Built before the server starts, so building them costs the measured phases nothing.
  const bodies: Record<string, string[]> = { positions: positionMessages(TRADES) };
  for (const format of FORMAT_NAMES)
    bodies[format] = exportFiles(format, TRADES).map((content) => JSON.stringify({ content, contentEncoding: 'utf8', format }));
  const logFile = join(dir, `${name}.log`);
  const server = await startServer(name, SERVER_ENTRY, { ...env, LOG_LEVEL: 'warn' }, { logFile });
  const results: Way[] = [];
  try {
    for (const way of ways) {
      const accountId = accounts[way];
      const path = way === 'positions' ? `/accounts/${accountId}/positions` : `/accounts/${accountId}/statements`;
      let failure: string | undefined;
      let created = 0;
      const started = performance.now();
      const { result: seconds, ...healthz } = await probeDuring(`${server.base}/healthz`, async () => {
        for (const [i, body] of (bodies[way] ?? []).entries()) {
          const answer = await post(server.base, key, path, body);
          if (answer.status !== 200) {
            failure ??= `part ${i + 1}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`;
            continue;
          }
          const b = answer.body as { accepted?: number; trades?: { created?: number } };
          created += way === 'positions' ? (b.accepted ?? 0) : (b.trades?.created ?? 0);
        }
        return (performance.now() - started) / 1000;
      });
      results.push({ name: way, seconds, created, healthz, failure });
    }
  } catch (error) {
    console.log(`${name}: the server's log ends:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    throw error;
  } finally {
    await server.stop();
  }
  return results;
}

const fixed = (n: number): string => (n < 10 ? n.toFixed(1) : n.toFixed(0));

export default async function run(): Promise<boolean> {
  console.log(
    `${machineLine()}, load ${(loadavg()[0] ?? 0).toFixed(2)}; ${TRADES} trades a way; files under ${(FILE_BYTES / 1_048_576).toFixed(2)} MiB`,
  );
  let ok = true;
  const rows: string[] = [];
  for (const target of ['pglite', 'postgres'].filter((t) => TARGETS.includes(t))) {
    const dir = mkdtempSync(join(tmpdir(), `pf-bench-imports-${target}-`));
    const scratch = target === 'postgres' ? await benchDatabase() : null;
    if (target === 'postgres' && !scratch) {
      console.log('(postgres: no BENCH_DATABASE_URL or TEST_DATABASE_URL, skipped)');
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    try {
      const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: join(dir, 'data') };
      const ways = await onTarget(target, env, scratch ? { databaseUrl: scratch.url } : { dataDir: join(dir, 'data') }, dir);
      const anchor = ways.find((w) => w.name === 'positions');
      const anchorRate = anchor && anchor.seconds > 0 ? anchor.created / anchor.seconds : 0;
      for (const way of ways) {
        const rate = way.created / way.seconds;
        const ratio = anchorRate > 0 ? rate / anchorRate : 0;
        const complete = way.created === TRADES && !way.failure;
        const met = complete && way.healthz.p99 < HEALTHZ_P99_TARGET_MS && (way.name === 'positions' || ratio >= RATE_TARGET);
        ok &&= met;
        if (way.failure) console.log(`${target} ${way.name}: ${way.failure}`);
        rows.push(
          `| ${target} | ${way.name} | ${way.created} | ${way.seconds.toFixed(1)} | ${fixed(rate)} | ${way.name === 'positions' ? 'anchor' : `${ratio.toFixed(2)}×`} | ${fixed(way.healthz.p50)} / ${fixed(way.healthz.p99)} / ${fixed(way.healthz.max)} | ${met ? 'met' : 'MISSED'} |`,
        );
      }
    } finally {
      await scratch?.release();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n## ${TRADES} trades in, a way at a time (targets: rate ≥ ${RATE_TARGET}× the positions message's, /healthz p99 < ${HEALTHZ_P99_TARGET_MS} ms)`,
  );
  console.log('| target | way | trades created | s | trades/s | ÷ positions | /healthz p50 / p99 / max ms | |');
  console.log('|---|---|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
  return ok;
}
