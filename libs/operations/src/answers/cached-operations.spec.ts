import 'reflect-metadata';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { parseInput, type Logger, type Operation, type OperationContext } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { StopWatching } from '@propfolio/db';
import { createDomainServices } from '@propfolio/domain';
import { privateOperations } from '@propfolio/domain';
import { AnswerCache } from './answer-cache.js';
import { withAnswerCache } from './cached-operations.js';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const logger = {} as Logger;
const PURCHASE = { firm: 'FTMO', plan: '2-Step 100k', price: 540, currency: 'EUR', purchasedAt: '2026-03-01' };

describeEachDatabase('operations behind the answer cache', (getDb) => {
  const cache = new AnswerCache(100);
  /** Resolvers waiting for the database's next change notification of a scope. */
  const waiting = new Map<string, () => void>();
  let live: Promise<void>;
  let stop: StopWatching | undefined;
  /** How often each read really ran (reached the database). */
  const runs = new Map<string, number>();

  beforeAll(async () => {
    let becameLive: () => void = () => undefined;
    live = new Promise((resolve) => (becameLive = resolve));
    stop = await getDb().watchChanges({
      change: (scope) => {
        cache.changed(scope);
        waiting.get(scope)?.();
      },
      live: (isLive) => {
        cache.setLive(isLive);
        if (isLive) becameLive();
      },
    });
    await live;
  });
  afterAll(async () => {
    await stop?.();
  });

  const counted = (operation: Operation): Operation => ({
    ...operation,
    run: (ctx, input) => {
      runs.set(operation.name, (runs.get(operation.name) ?? 0) + 1);
      return operation.run(ctx, input);
    },
  });

  const as = async (name: string) => {
    const db = getDb();
    const ops = withAnswerCache(privateOperations(createDomainServices(db)).map(counted), cache);
    const user = await db.prisma.user.create({ data: { name: `${name}-${Math.random()}` } });
    const context: OperationContext = {
      caller: { userId: user.id, userName: user.name, credentialId: 'key:k', scope: 'full' },
      logger,
      now: NOW,
    };
    const run = async (operation: string, input: Record<string, unknown> = {}) => {
      const op = ops.find((o) => o.name === operation);
      if (!op) throw new Error(operation);
      return (await op.run(context, await parseInput(op.input, input))) as { items: { id: string; phase: string }[] };
    };
    return { run, userId: user.id };
  };

  /** Resolves when the database announces a committed change of `scope`. */
  const nextChange = (scope: string) =>
    new Promise<void>((resolve) =>
      waiting.set(scope, () => {
        waiting.delete(scope);
        resolve();
      }),
    );

  it('answers a repeated read without running it again, and a changed input by running it', async () => {
    const { run, userId } = await as('repeat');
    // On a server the write's own notification arrives after it returned; it would drop the first answer.
    const announced = nextChange(userId);
    await run('create_challenge', PURCHASE);
    await announced;
    const before = runs.get('list_challenges') ?? 0;
    const first = await run('list_challenges');
    expect(await run('list_challenges')).toBe(first);
    expect(runs.get('list_challenges')).toBe(before + 1);
    expect((await run('list_challenges', { status: 'failed' })).items).toEqual([]);
    expect(runs.get('list_challenges')).toBe(before + 2);
  });

  it('shows a write made through the operations in the very next read (read-your-writes)', async () => {
    const { run } = await as('own');
    expect((await run('list_challenges')).items).toHaveLength(0);
    const created = (await run('create_challenge', PURCHASE)) as unknown as { id: string };
    expect((await run('list_challenges')).items.map((c) => c.id)).toEqual([created.id]);
    await run('update_challenge', { id: created.id, phase: 'Phase 2' });
    expect((await run('list_challenges')).items[0]?.phase).toBe('Phase 2');
  });

  it('shows a write made elsewhere (another instance, a CLI, the trash) once its notification arrives', async () => {
    const { run, userId } = await as('elsewhere');
    const created = (await run('create_challenge', PURCHASE)) as unknown as { id: string };
    expect((await run('list_challenges')).items[0]?.phase).toBe('Phase 1');
    const announced = nextChange(userId);
    await getDb().prisma.challenge.update({ where: { id: created.id }, data: { phase: 'Funded' } });
    await announced;
    expect((await run('list_challenges')).items[0]?.phase).toBe('Funded');
  });

  it('announces a daily report under its account owner', async () => {
    const { run, userId } = await as('reports');
    const account = (await run('register_account', {
      login: '1234',
      server: 'Demo',
      currency: 'USD',
      initialBalance: 100000,
    })) as unknown as {
      id: string;
    };
    const announced = nextChange(userId);
    await getDb().prisma.dailyPnl.create({
      data: { accountId: account.id, date: new Date('2026-03-10'), balance: '100', equity: '100', closedPnl: '0' },
    });
    await announced;
  });

  it('never answers one user with what it kept for another', async () => {
    const alice = await as('alice');
    const bob = await as('bob');
    await alice.run('create_challenge', PURCHASE);
    expect((await alice.run('list_challenges')).items).toHaveLength(1);
    expect((await bob.run('list_challenges')).items).toHaveLength(0);
  });
});
