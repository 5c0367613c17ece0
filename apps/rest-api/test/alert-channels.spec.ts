import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createChallenge, registerAccount, RestTestApp } from './harness.js';

interface Hit {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  res: ServerResponse;
}

/** A receiver on 127.0.0.1 that hands each request to the test, which answers it (or not) when it wants. */
async function receiver() {
  const hits: Hit[] = [];
  const waiting: ((hit: Hit) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), res };
      hits.push(hit);
      waiting.splice(0).forEach((resolve) => resolve(hit));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    next: () => new Promise<Hit>((resolve) => waiting.push(resolve)),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

describeEachDatabase('REST alert channels: create, list, test, the delivery log, and an alert sent end to end', (getDb) => {
  let app: RestTestApp;
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    hook = await receiver();
    app = await RestTestApp.start(getDb(), {
      env: {
        ALERTS_SECRET_KEY: Buffer.alloc(32, 5).toString('hex'),
        ALERTS_ALLOW_PRIVATE_DESTINATIONS: 'true',
        ALERTS_DELIVERY_TIMEOUT_MS: '1000',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await hook.close();
  });

  it('creates a webhook with its secret shown once, refuses bad input naming the field, and never lists a secret', async () => {
    const created = await app.post('/alert-channels', { kind: 'webhook', name: 'Receiver', url: `${hook.base}/hook` });
    expect(created.status).toBe(201);
    const secret = (created.body as { secret: string }).secret;
    expect(secret).toMatch(/^whsec_/);
    const listed = await app.get('/alert-channels');
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(secret.slice(6, 20));
    expect((listed.body as { items: { name: string }[] }).items.map((c) => c.name)).toEqual(['Receiver']);

    const tooLong = await app.post('/alert-channels', { kind: 'telegram', name: 'T', token: 'x'.repeat(513), chatId: '1' });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { errors: { field: string }[] }).errors[0]?.field).toBe('token');
    expect((await app.post('/alert-channels', { kind: 'pager', name: 'P' })).status).toBe(400);
    expect((await app.get('/alert-channels', null)).status).toBe(401);
  });

  it('sends a test at once and logs it; a snapshot crossing 50 % sends a signed alert, and a receiver that does not answer delays no snapshot', async () => {
    const made = (await app.post('/alert-channels', { kind: 'webhook', name: 'Signed', url: `${hook.base}/signed` })).body as {
      secret: string;
      channel: { id: string };
    };
    const arriving = hook.next();
    const queued = await app.post(`/alert-channels/${made.channel.id}/test`, {});
    expect(queued.status).toBe(202);
    const test = await arriving;
    test.res.writeHead(204).end();
    const verified = new Webhook(made.secret).verify(test.body, test.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe('alert.test');
    await app.context.domain.alertDelivery.drain();
    const log = await app.get(`/alert-deliveries?channelId=${made.channel.id}`);
    expect((log.body as { items: { status: string; purpose: string }[] }).items).toEqual([
      expect.objectContaining({ status: 'delivered', purpose: 'test' }),
    ]);

    // The alert: FTMO 2-Step 100k, day-start balance 100,000 from yesterday's report; 97,400 leaves 48 %.
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-100000', phase: 'Phase 1', purchasedAt: '2026-03-20' });
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    await app.post(`/accounts/${account.id}/reports`, { date: '2026-03-26', balance: 100000, equity: 100000, closedPnl: 0 });
    await app.context.domain.alerts.idle();
    app.context.domain.alerts.clock = () => new Date('2026-03-27T10:01:00Z');
    const before = hook.hits.length;
    const pushed = await app.post(`/accounts/${account.id}/snapshots`, { at: '2026-03-27T10:00:00Z', balance: 100000, equity: 97400 });
    expect(pushed.status).toBe(200);
    await app.context.domain.alerts.idle();
    // Each channel gets the crossing (the silence rule may fire too, for an account that had sent no snapshot yet).
    type Fired = { type: string; data: { rule: string; threshold: number; accountId: string; message: string } };
    const fired = (hit: Hit) => new Webhook(made.secret).verify(hit.body, hit.headers as Record<string, string>) as Fired;
    let crossing: Fired | undefined;
    for (let seen = before; crossing === undefined; seen++) {
      const hit = hook.hits[seen] ?? (await hook.next());
      // Left unanswered: the receiver holds the request, and no snapshot waits for it.
      if (hit.path === '/signed' && fired(hit).data.rule === 'daily_loss') crossing = fired(hit);
    }
    expect(crossing.type).toBe('alert.fired');
    expect(crossing.data).toMatchObject({ rule: 'daily_loss', threshold: 50, accountId: account.id });
    expect(crossing.data.message).toContain('FTMO');
    const second = await app.post(`/accounts/${account.id}/snapshots`, { at: '2026-03-27T10:00:30Z', balance: 100000, equity: 97300 });
    expect(second.status).toBe(200);
    for (const hit of hook.hits) if (!hit.res.writableEnded) hit.res.destroy();
  });
});
