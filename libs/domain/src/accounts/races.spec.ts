import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { Caller } from '@propfolio/core';
import { AccountReportInput, CreateChallengeInput, RegisterAccountInput, UpdateChallengeInput } from '../index.js';
import { createDomainServices, type DomainServices } from '../services.js';
import { archiveChallengeAccounts } from './archive-accounts.js';
import { newCaller, NOW, parse } from '../testing/fixtures.js';

/**
 * Invariants under concurrency (issue 14 items 2 and 3). On PostgreSQL these run on a pool of several
 * connections, so the requests really overlap; on PGlite they serialise and must hold trivially.
 */
const TRIALS = 20;

describeEachDatabase('EA accounts under concurrency', (getDb, target) => {
  // One set of services per database, built outside any unit as a process builds its own: a set first built inside
  // the held unit below would run its alert evaluations in that unit's transaction (and lock the account there).
  let built: DomainServices | undefined;
  const services = () => (built ??= createDomainServices(getDb()));
  let login = 0;
  const registerInput = (challengeId?: string) =>
    parse(RegisterAccountInput, {
      login: `${process.pid}${Date.now()}${(login += 1)}`,
      server: 'Race-Live',
      currency: 'USD',
      initialBalance: 10000,
      ...(challengeId ? { challengeId } : {}),
    });
  const newChallenge = async (caller: Caller) =>
    services().challenges.create(
      caller,
      await parse(CreateChallengeInput, { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-01' }),
      NOW,
    );
  const report = async (caller: Caller, body: object) => services().reports.push(caller, await parse(AccountReportInput, body), NOW);

  it('a breach archives every account registered concurrently with it (register vs PATCH failed)', async () => {
    const caller = await newCaller(getDb());
    let activeOnFailed = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const challenge = await newChallenge(caller);
      const inputs = await Promise.all(Array.from({ length: 5 }, () => registerInput(challenge.id)));
      const breach = await parse(UpdateChallengeInput, { id: challenge.id, status: 'failed' });
      const results = await Promise.allSettled([
        ...inputs.map((input) => services().accounts.register(caller, input)),
        services().challenges.update(caller, breach, NOW),
      ]);
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'challenge_closed' });
      }
      activeOnFailed += await getDb().prisma.eaAccount.count({ where: { challengeId: challenge.id, archivedAt: null } });
    }
    expect(activeOnFailed).toBe(0);
  });

  it('a report waits for a phase change that is archiving its account, then is refused', async () => {
    const caller = await newCaller(getDb());
    const challenge = await newChallenge(caller);
    const account = await services().accounts.register(caller, await registerInput(challenge.id));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let archived: () => void = () => undefined;
    const archivedInTx = new Promise<void>((resolve) => (archived = resolve));
    // The archiving half of a phase change, held open until the report has been sent.
    const archiving = getDb().prisma.$transaction(
      async (tx) => {
        await archiveChallengeAccounts(tx, caller, challenge.id, 'phase change: test', NOW);
        archived();
        await gate;
      },
      { timeout: 60_000 },
    );
    await archivedInTx;
    const pushed = report(caller, { id: account.id, date: '2026-03-14', balance: 1, equity: 1, closedPnl: 0 });
    // Give the report every chance to run ahead of the lock before the archive commits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await archiving;
    await expect(pushed).rejects.toMatchObject({ code: 'account_archived' });
    expect(await getDb().prisma.dailyPnl.count({ where: { accountId: account.id } })).toBe(0);
  });

  it('a report racing a phase change is either refused or lands before the archive, never after it', async () => {
    const caller = await newCaller(getDb());
    for (let trial = 0; trial < TRIALS; trial++) {
      const challenge = await newChallenge(caller);
      const account = await services().accounts.register(caller, await registerInput(challenge.id));
      const phase = await parse(UpdateChallengeInput, { id: challenge.id, phase: `Phase ${trial + 2}` });
      const [pushed, changed] = await Promise.allSettled([
        report(caller, { id: account.id, date: '2026-03-14', balance: 1, equity: 1, closedPnl: 0 }),
        services().challenges.update(caller, phase, NOW),
      ]);
      expect(changed.status).toBe('fulfilled');
      if (pushed.status === 'rejected') expect(pushed.reason).toMatchObject({ code: 'account_archived' });
    }
  });

  // PostgreSQL only: PGlite has one connection, and a held transaction holds every other query back.
  if (target === 'postgres')
    it('backfilled days of one account are pushed side by side, not one commit at a time', async () => {
      const caller = await newCaller(getDb());
      const account = await services().accounts.register(caller, await registerInput());
      // The account is at its latest day already: the backfill below writes days and leaves the account row alone.
      await report(caller, { id: account.id, date: '2026-03-14', balance: 10000, equity: 10000, closedPnl: 0 });
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let pushed: () => void = () => undefined;
      const firstPushed = new Promise<void>((resolve) => (pushed = resolve));
      // A push whose transaction stays open (its commit still to come): it holds its lock on the account.
      const held = getDb().unit(async () => {
        await report(caller, { id: account.id, date: '2026-03-13', balance: 9000, equity: 9000, closedPnl: -1000 });
        pushed();
        await gate;
      });
      await firstPushed;
      try {
        const second = report(caller, { id: account.id, date: '2026-03-12', balance: 9500, equity: 9500, closedPnl: 0 });
        // Either the second push answers, or the database shows it waiting on a lock: whichever comes first. The
        // alert evaluation of the held push waits FOR UPDATE for its unit to end, by design (AlertService.afterWritersOf),
        // off every answer's path: that wait is not the push's.
        const answered = new AbortController();
        const blocked = (async () => {
          while (!answered.signal.aborted) {
            const waiting = await getDb().prisma.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND query NOT LIKE '%FOR UPDATE%'`;
            if ((waiting[0]?.n ?? 0) > 0) return 'blocked';
            await new Promise((resolve) => setImmediate(resolve));
          }
          return 'answered';
        })();
        const first = await Promise.race([second.then((r) => r.outcome), blocked]);
        answered.abort();
        await blocked;
        expect(first).toBe('created');
      } finally {
        release();
        await held;
      }
    });

  it('keeps the latest day on the account when reports for adjacent days arrive at once', async () => {
    const caller = await newCaller(getDb());
    let wentBack = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const account = await services().accounts.register(caller, await registerInput());
      await Promise.all([
        report(caller, { id: account.id, date: '2026-03-13', balance: 9000, equity: 9000, closedPnl: -1000 }),
        report(caller, { id: account.id, date: '2026-03-14', balance: 11000, equity: 11000, closedPnl: 2000 }),
      ]);
      const stored = await getDb().prisma.eaAccount.findUniqueOrThrow({ where: { id: account.id } });
      if (stored.lastReportOn?.toISOString().slice(0, 10) !== '2026-03-14' || !stored.balance.eq(11000)) wentBack += 1;
    }
    expect(wentBack).toBe(0);
  });

  it('answers "created" once and "unchanged" to the others when the same day is pushed several times at once', async () => {
    const caller = await newCaller(getDb());
    const wrong: string[][] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const account = await services().accounts.register(caller, await registerInput());
      const day = { id: account.id, date: '2026-03-14', balance: 10100, equity: 10100, closedPnl: 100 };
      const outcomes = (await Promise.all([report(caller, day), report(caller, day), report(caller, day)])).map((r) => r.outcome);
      // A retry that waited for the first push must see its row, not rewrite it as "updated".
      if (outcomes.sort().join() !== 'created,unchanged,unchanged') wrong.push(outcomes);
    }
    expect(wrong).toEqual([]);
  });
});
