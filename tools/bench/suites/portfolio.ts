/**
 * `npm run bench -- portfolio` (issue 42, "Performance"): get_portfolio_today for one trader with 20 active accounts,
 * each on its own challenge with its own rules, 60 days of end-of-day reports and intraday rows, 300 closed trades
 * and 3 open positions. Target: p50 under 100 ms on both databases.
 *
 * Measured call by call, alternating with an anchor in the same run on the same data: list_accounts of the same 20
 * accounts (one statement, no rules), so the ratio stays comparable across machines; get_headroom of one of the
 * challenges is printed beside it (what the cockpit would cost as 20 separate headroom calls is about 20 × that).
 * Beside them the portfolio's own statement run bare through the driver (PORTFOLIO_TODAY_SQL, rows as the driver
 * hands them, no parsing or rules): what is left of the answer's time after it is the service's JavaScript (parsing
 * the facts, 20 headrooms, the rows), so a change can be told to be in SQL or in JS.
 * The load average is printed when each database's run starts and ends: on the shared machine the p50s move with it,
 * the ratios much less.
 * On PGlite (in this process) and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 * Env: PORTFOLIO_ROUNDS (30).
 */
import { loadavg } from 'node:os';
import { parseInput, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { createDomainServices, HeadroomInput, ListAccountsInput, PORTFOLIO_TODAY_SQL, type DomainServices } from '@propfolio/domain';
import { summarize, type Stats } from '../harness.ts';
import { onEachDatabase } from '../http/bench-database.ts';
import { machineLine } from '../http/report.ts';

const ROUNDS = Number(process.env.PORTFOLIO_ROUNDS ?? 30);
const ACCOUNTS = 20;
const DAYS = 60;
const TRADES = 300;
const TARGET_MS = 100;
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seed(s: DomainServices, db: Database, now: Date): Promise<{ caller: Caller; challenges: string[] }> {
  const { key } = await s.keys.createKey(`portfolio-bench-${Date.now().toString(36)}`, 'bench');
  const caller = await s.keys.authenticate(key);
  const challenges: string[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let n = 0; n < ACCOUNTS; n++) {
    const challenge = await s.challenges.create(
      caller,
      { firm: `Firm ${String(n % 5)}`, plan: `Plan ${String(n)}`, price: 100, currency: 'USD', purchasedAt: isoDay(today - DAYS * DAY_MS) },
      now,
    );
    await s.coach.rules.set(caller, {
      id: challenge.id,
      rules: {
        dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'day_start_balance', rollover: { timeZone: 'UTC', time: '00:00' } },
        maxLoss: { percent: 10, type: 'static' },
        maxRiskPerTradePercent: 1,
        weekendHolding: 'banned',
      },
    } as never);
    challenges.push(challenge.id);
    const account = await s.accounts.register(caller, {
      login: String(8_000_000 + n),
      server: 'Bench-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId: challenge.id,
    });
    const days = Array.from({ length: DAYS }, (_, d) => today - (DAYS - d) * DAY_MS);
    const balanceOn = (d: number) => String(100000 + d * 37);
    await db.prisma.dailyPnl.createMany({
      data: days.map((ms, d) => ({
        accountId: account.id,
        date: new Date(ms),
        balance: balanceOn(d),
        equity: balanceOn(d),
        closedPnl: '37',
      })),
    });
    await db.prisma.intradayEquity.createMany({
      data: [...days, today].map((ms, d) => {
        const at = d === DAYS ? new Date(now.getTime() - 60_000) : new Date(ms + 12 * 3_600_000);
        return {
          accountId: account.id,
          day: new Date(ms),
          at,
          balance: balanceOn(d),
          equity: String(100000 + d * 37 - 120),
          minEquity: String(100000 + d * 37 - 400),
          minEquityAt: at,
          maxEquity: String(100000 + d * 37 + 200),
          maxEquityAt: at,
          firstAt: new Date(ms + 3_600_000),
          firstBalance: balanceOn(d),
          firstEquity: balanceOn(d),
          ...(d === DAYS
            ? {
                openPositions: [0, 1, 2].map((p) => ({
                  position: String(9000 + p),
                  symbol: ['EURUSD', 'XAUUSD', 'USDJPY'][p],
                  side: p % 2 === 0 ? 'buy' : 'sell',
                  volume: '0.5',
                  openedAt: new Date(now.getTime() - 3_600_000).toISOString(),
                  stopLoss: p === 1 ? null : '1.1',
                  lossAtStop: p === 1 ? null : '300',
                })),
              }
            : {}),
        };
      }),
    });
    await db.prisma.trade.createMany({
      data: Array.from({ length: TRADES }, (_, t) => {
        const closedMs = today - DAYS * DAY_MS + ((t + 1) * (DAYS * DAY_MS)) / (TRADES + 1);
        return {
          accountId: account.id,
          userId: caller.userId,
          position: String(100000 + t),
          symbol: t % 2 === 0 ? 'EURUSD' : 'XAUUSD',
          side: t % 3 === 0 ? 'sell' : 'buy',
          volume: '0.5',
          openedAt: new Date(closedMs - 2 * 3_600_000),
          closedAt: new Date(closedMs),
          openPrice: '1.1',
          closePrice: '1.101',
          commission: '-3.5',
          swap: '0',
          fee: '0',
          profit: '50',
          net: '46.5',
        };
      }),
    });
  }
  return { caller, challenges };
}

async function onDatabase(label: string, db: Database): Promise<boolean> {
  const s = createDomainServices(db);
  const now = new Date();
  const { caller, challenges } = await seed(s, db, now);
  const list = await parseInput(ListAccountsInput, { limit: ACCOUNTS });
  const headroom = await parseInput(HeadroomInput, { id: challenges[0] });
  const today: number[] = [];
  const anchor: number[] = [];
  const single: number[] = [];
  const bare: number[] = [];
  let rows = 0;
  const loadAtStart = load();
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t0 = performance.now();
    const answer = await s.portfolio.today(caller, {}, new Date());
    const t1 = performance.now();
    await s.accounts.list(caller, list);
    const t2 = performance.now();
    await s.coach.headroom.forChallenge(caller, headroom, new Date());
    const t3 = performance.now();
    await db.driverQuery(PORTFOLIO_TODAY_SQL, [caller.userId]);
    const t4 = performance.now();
    rows = answer.accounts.length;
    if (i >= 3) {
      today.push(t1 - t0);
      anchor.push(t2 - t1);
      single.push(t3 - t2);
      bare.push(t4 - t3);
    }
  }
  const anchorStats = summarize('anchor: list_accounts, the same 20 accounts', anchor);
  const subjects: Stats[] = [
    summarize(`get_portfolio_today: ${ACCOUNTS} accounts × ${DAYS} days, ${TRADES} trades each`, today),
    summarize('its statement alone, bare through the driver', bare),
    summarize('get_headroom: one of those challenges (one account)', single),
  ];
  const ms = (v: number) => v.toFixed(1);
  console.log(`\n## ${label}: get_portfolio_today (${rows} rows), load ${loadAtStart} at the start, ${load()} at the end`);
  console.log('| case | samples | p50 ms | p95 ms | mean ms | p50 / anchor p50 | target p50 < 100 ms |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${anchorStats.name} | ${anchorStats.samples} | ${ms(anchorStats.p50Ms)} | ${ms(anchorStats.p95Ms)} | ${ms(anchorStats.meanMs)} | 1.00 | |`,
  );
  for (const [i, s] of subjects.entries())
    console.log(
      `| ${s.name} | ${s.samples} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${ms(s.meanMs)} | ${(s.p50Ms / anchorStats.p50Ms).toFixed(2)} | ${i === 0 ? (s.p50Ms < TARGET_MS ? 'met' : 'NOT met') : ''} |`,
    );
  const ok = rows === ACCOUNTS;
  if (!ok) console.log(`CHECK FAILED: ${rows} rows for ${ACCOUNTS} accounts`);
  return ok;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export default async function portfolioBench(): Promise<boolean> {
  console.log(`${machineLine()}, load ${load()}`);
  const results = await onEachDatabase('portfolio-bench', onDatabase);
  const ok = results.every(Boolean);
  return ok;
}
