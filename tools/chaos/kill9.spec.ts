import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createScratchDatabase } from '@propfolio/db/testing';
import { startApp, stopApp, waitForHealthy, waitForOutput, type RunningApp } from '@propfolio/server/testing';
import { report, serverUrl } from './support.js';

const ROUNDS = Number(process.env.CHAOS_KILL_ROUNDS ?? 3);

/**
 * kill -9 during writes with idempotent retries (issue 14 items 4 and 7): every write carries an
 * Idempotency-Key; after each crash the client retries every key it has no answer for. Each key must
 * end as exactly one record (zero duplicates, zero acknowledged writes lost), and every retry runs at
 * once: a crash leaves no reservation behind to wait for.
 */
describe('kill -9 during idempotent writes', () => {
  it(`${ROUNDS} crashes: every key ends as exactly one record`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pf-chaos-'));
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
    const env = { ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }), RATE_LIMIT_PER_MINUTE: '1000000' };
    let key: string | undefined;
    const pending = new Set<string>();
    const answered = new Map<string, string>();
    const post = (app: RunningApp, idem: string) =>
      fetch(app.url('/api/v1/challenges'), {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idem },
        body: JSON.stringify({ firm: 'FTMO', plan: idem, price: 100 }),
      });
    let replayedAfterCrash = 0;
    try {
      for (let round = 0; round <= ROUNDS; round++) {
        const app = await startApp('server', env);
        await waitForHealthy(app);
        if (!key) {
          await waitForOutput(app, /eakey_[A-Za-z0-9]+/);
          key = /eakey_[A-Za-z0-9]+/.exec(app.output())?.[0];
        }
        // Retry every key without an answer: the first retry gets it (a replay when the crash came after the commit).
        for (const idem of [...pending]) {
          const res = await post(app, idem);
          expect(res.status).toBe(201);
          if (res.headers.get('idempotent-replayed') === 'true') replayedAfterCrash += 1;
          answered.set(idem, ((await res.json()) as { id: string }).id);
          pending.delete(idem);
        }
        if (round === ROUNDS) {
          await stopApp(app);
          break;
        }
        let acknowledged = 0;
        const writer = async () => {
          for (;;) {
            const idem = `chaos-${randomUUID()}`;
            pending.add(idem);
            try {
              const res = await post(app, idem);
              if (res.status !== 201) throw new Error(`unexpected ${res.status}`);
              answered.set(idem, ((await res.json()) as { id: string }).id);
              pending.delete(idem);
              acknowledged += 1;
            } catch {
              return; // the process is gone: this key stays pending and is retried after the restart
            }
          }
        };
        const writers = Promise.all([writer(), writer(), writer(), writer()]);
        while (acknowledged < 30) await new Promise((resolve) => setTimeout(resolve, 10));
        app.child.kill('SIGKILL');
        await writers;
        await app.exited;
      }
      // Each key is one record: count them by their unique plan name through a fresh start.
      const app = await startApp('server', env);
      await waitForHealthy(app);
      try {
        const ids = new Set<string>();
        let cursor: string | null = null;
        const plans = new Map<string, number>();
        do {
          const page = (await (
            await fetch(app.url(`/api/v1/challenges?limit=200${cursor ? `&cursor=${cursor}` : ''}`), {
              headers: { authorization: `Bearer ${key}` },
            })
          ).json()) as { items: { id: string; plan: string }[]; nextCursor: string | null };
          for (const item of page.items) {
            ids.add(item.id);
            plans.set(item.plan, (plans.get(item.plan) ?? 0) + 1);
          }
          cursor = page.nextCursor;
        } while (cursor);
        const duplicates = [...plans.values()].filter((n) => n > 1).length;
        const lost = [...answered].filter(([, id]) => !ids.has(id)).length;
        report('kill -9 with idempotent retries', {
          rounds: ROUNDS,
          keys: answered.size,
          duplicates,
          lost,
          retriesReplayed: replayedAfterCrash,
        });
        expect(pending.size).toBe(0);
        expect(lost).toBe(0);
        expect(duplicates).toBe(0);
      } finally {
        await stopApp(app);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  });
});
