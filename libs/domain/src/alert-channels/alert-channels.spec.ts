import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { AlertEvent } from '../alerts/alert-events.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { CreateAlertChannelInput } from './alert-channels.inputs.js';
import { AlertChannelService } from './alert-channels.service.js';
import { AlertChannelsRepository } from './alert-channels.repository.js';
import { AlertDeliveryWorker, type DeliveryWorkerOptions } from './alert-delivery.worker.js';
import { LEASE_MS, QUEUED_PER_CHANNEL, RETRY_WINDOW_MS, retryDelayMs, USER_IN_FLIGHT } from './delivery-queue.js';
import { isPrivateAddress, publicAddresses } from '../shared/destination.js';
import { maskedHint, seal, unseal } from './secret-box.js';
import { smtpMailer } from './smtp-mailer.js';

const KEY = Buffer.alloc(32, 7);
const LINE_USER = 'U0123456789abcdef0123456789abcdef';

interface Received {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A local receiver: records every request, answers by the handler (200 by default). */
async function receiver(handler: (req: Received, res: ServerResponse) => void = (_req, res) => res.end('ok')) {
  const received: Received[] = [];
  const listeners: ((r: Received) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      for (const l of listeners) l(entry);
      handler(entry, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const event = (userId: string, over: Partial<AlertEvent> = {}): AlertEvent => ({
  userId,
  challengeId: '00000000-0000-4000-8000-000000000001',
  accountId: '00000000-0000-4000-8000-000000000002',
  rule: 'daily_loss',
  threshold: 25,
  firmDay: '2026-03-15',
  firm: 'FTMO',
  accountLabel: '1234567',
  amountLeft: '1250.00',
  percentLeft: 25,
  floor: '95000.00',
  currency: 'USD',
  firmDayEndsAt: '2026-03-15T23:00:00.000Z',
  language: 'en',
  ...over,
});

describe('the secret box', () => {
  it('opens only with its key and for the channel it was sealed for', () => {
    const box = seal(KEY, '{"token":"123:abc"}', 'channel-a');
    expect(box).not.toContain('abc');
    expect(unseal(KEY, box, 'channel-a')).toBe('{"token":"123:abc"}');
    expect(() => unseal(KEY, box, 'channel-b')).toThrow();
    expect(() => unseal(Buffer.alloc(32, 8), box, 'channel-a')).toThrow();
    const bytes = Buffer.from(box, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => unseal(KEY, bytes.toString('base64'), 'channel-a')).toThrow();
  });

  it('hints at most a quarter of a secret', () => {
    expect(maskedHint('whsec_abcdefghijklmnop')).toBe('…mnop');
    expect(maskedHint('abcdefg')).toBe('…g');
  });
});

describe('destinations', () => {
  it('tells private, loopback and link-local addresses from public ones', () => {
    for (const inside of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::',
    ]) {
      expect([inside, isPrivateAddress(inside)]).toEqual([inside, true]);
    }
    for (const outside of ['1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect([outside, isPrivateAddress(outside)]).toEqual([outside, false]);
    }
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = (host: string) => Promise.resolve(host === 'mixed.example' ? ['93.184.216.34', '10.0.0.5'] : ['93.184.216.34']);
    await expect(publicAddresses('mixed.example', false, resolve)).rejects.toThrow('10.0.0.5');
    await expect(publicAddresses('good.example', false, resolve)).resolves.toEqual(['93.184.216.34']);
    await expect(publicAddresses('[::1]', false, resolve)).rejects.toThrow('::1');
    await expect(publicAddresses('mixed.example', true, resolve)).resolves.toHaveLength(2);
  });

  it('waits 10 s doubling to 2 h between attempts, spread by a fifth either way', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(4, () => 0.5)).toBe(80_000);
    expect(retryDelayMs(30, () => 0.5)).toBe(7_200_000);
    expect(retryDelayMs(1, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, () => 1)).toBe(12_000);
  });
});

describeEachDatabase('alert channels and their delivery', (getDb) => {
  const service = (over: Partial<ConstructorParameters<typeof AlertChannelService>[1]> = {}) =>
    new AlertChannelService(new AlertChannelsRepository(getDb()), {
      secretKey: KEY,
      allowPrivateDestinations: true,
      emailEnabled: true,
      ...over,
    });
  // Every worker of a test stops at its end: one left running would claim the next test's rows with its own settings.
  const running: AlertDeliveryWorker[] = [];
  const worker = (over: Partial<DeliveryWorkerOptions> = {}) => {
    const made = new AlertDeliveryWorker(new AlertChannelsRepository(getDb()), {
      secretKey: KEY,
      allowPrivateDestinations: true,
      timeoutMs: 2_000,
      random: () => 0.5,
      ...over,
    });
    running.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((w) => w.stop()));
  });
  const create = async (s: AlertChannelService, caller: Awaited<ReturnType<typeof newCaller>>, input: Record<string, unknown>) =>
    s.create(caller, await parse(CreateAlertChannelInput, { name: 'mine', ...input }));

  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    hook = await receiver();
  });
  afterAll(async () => {
    await hook.close();
  });

  it('keeps secrets sealed, shows a made webhook secret once, and never returns a token', async () => {
    const caller = await newCaller(getDb());
    const s = service();
    const made = await create(s, caller, { kind: 'webhook', url: `${hook.base}/hook` });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.channel).toMatchObject({
      kind: 'webhook',
      target: hook.base.replace('http://', ''),
      secretHint: `…${made.secret?.slice(-4)}`,
    });
    const token = '123456:AAE-secret-bot-token-value';
    await create(s, caller, { kind: 'telegram', token, chatId: '-1001234', apiUrl: hook.base });
    const listed = JSON.stringify(await s.list(caller));
    expect(listed).not.toContain(token);
    expect(listed).not.toContain(made.secret);
    expect(listed).toContain('-1001234');
    const stored = JSON.stringify(await getDb().prisma.alertChannel.findMany({ where: { userId: caller.userId } }));
    expect(stored).not.toContain('secret-bot-token');
    expect(stored).not.toContain(made.secret?.slice(6));
  });

  it('answers bad input with a 400 naming the field, and without a key a 503 naming the setting', async () => {
    const caller = await newCaller(getDb());
    const strict = service({ allowPrivateDestinations: false, resolve: () => Promise.resolve(['10.0.0.7']) });
    const field = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: unknown) => {
          const problem = error as { status: number; errors?: { field: string }[] };
          return `${problem.status} ${problem.errors?.[0]?.field ?? ''}`;
        },
      );
    expect(await field(create(strict, caller, { kind: 'discord', url: 'http://discord.example/api/webhooks/1/x' }))).toBe('400 url');
    expect(await field(create(strict, caller, { kind: 'slack', url: 'https://hooks.internal.example/services/x' }))).toBe('400 url');
    expect(await field(create(strict, caller, { kind: 'slack', url: 'https://127.0.0.1/x' }))).toBe('400 url');
    expect(
      await field(create(strict, caller, { kind: 'telegram', token: '42:T', chatId: '1', apiUrl: 'https://bot.internal.example' })),
    ).toBe('400 apiUrl');
    expect(await field(create(service(), caller, { kind: 'telegram', token: 'x'.repeat(513), chatId: '1' }))).toBe('400 token');
    expect(await field(create(service(), caller, { kind: 'telegram', token: 'é'.repeat(257), chatId: '1' }))).toBe('400 token');
    expect(await field(create(service(), caller, { kind: 'webhook', url: `${hook.base}/h`, secret: 'whsec_short' }))).toBe('400 secret');
    expect(await field(create(service(), caller, { kind: 'telegram', chatId: '1' }))).toBe('400 token');
    expect(await field(create(service(), caller, { kind: 'discord', url: `${hook.base}/d`, token: 'x' }))).toBe('400 token');
    // Tokens as each service defines them: one that would break a header or move the request's path is refused.
    expect(await field(create(service(), caller, { kind: 'line', token: 'abc\r\nX-Evil: 1', to: LINE_USER }))).toBe('400 token');
    expect(await field(create(service(), caller, { kind: 'telegram', token: 'a/../../x?y#', chatId: '1' }))).toBe('400 token');
    expect(await field(create(service(), caller, { kind: 'line', token: 'LINE-TOKEN', to: 'U0123' }))).toBe('400 to');
    expect(await field(create(service(), caller, { kind: 'email', to: 'not-an-address' }))).toBe('400 to');
    expect(await field(create(service({ emailEnabled: false }), caller, { kind: 'email', to: 'a@example.com' }))).toBe('400 kind');
    await expect(create(service({ secretKey: undefined }), caller, { kind: 'discord', url: `${hook.base}/d` })).rejects.toMatchObject({
      status: 503,
      detail: expect.stringContaining('ALERTS_SECRET_KEY') as unknown,
    });
    expect(await getDb().prisma.alertChannel.count({ where: { userId: caller.userId } })).toBe(0);
  });

  it('takes at most 10 channels per user, also when they are created at once', async () => {
    const caller = await newCaller(getDb());
    const s = service();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => create(s, caller, { kind: 'slack', url: `${hook.base}/s${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { status: number; errors: { field: string }[] }] : []));
    expect(refused.map((e) => [e.status, e.errors[0]?.field])).toEqual([
      [400, 'kind'],
      [400, 'kind'],
    ]);
  });

  it('sends each channel its own shape: Standard Webhooks signed, Discord, Slack, Telegram, LINE', async () => {
    const caller = await newCaller(getDb());
    const s = service();
    const w = worker();
    const webhook = await create(s, caller, { kind: 'webhook', url: `${hook.base}/std` });
    await create(s, caller, { kind: 'discord', url: `${hook.base}/discord` });
    await create(s, caller, { kind: 'slack', url: `${hook.base}/slack` });
    await create(s, caller, { kind: 'telegram', token: '42:TOKEN', chatId: '777', apiUrl: hook.base });
    await create(s, caller, { kind: 'line', token: 'LINE-TOKEN', to: LINE_USER, apiUrl: hook.base });
    const before = hook.received.length;
    await w.sink([event(caller.userId)]);
    await w.drain();
    const got = hook.received.slice(before);
    const at = (path: string) => got.find((r) => r.path === path);

    const std = at('/std');
    expect(std).toBeDefined();
    const verified = new Webhook(webhook.secret ?? '').verify(std?.body ?? '', std?.headers as Record<string, string>) as {
      type: string;
      data: AlertEvent;
    };
    expect(verified.type).toBe('alert.fired');
    expect(verified.data).toMatchObject({ rule: 'daily_loss', threshold: 25, amountLeft: '1250.00' });
    expect(std?.headers['webhook-id']).toMatch(/^msg_/);
    expect(() => new Webhook(webhook.secret ?? '').verify(`${std?.body} `, std?.headers as Record<string, string>)).toThrow();

    expect(JSON.parse(at('/discord')?.body ?? '{}')).toEqual({
      content: expect.stringContaining('FTMO') as unknown,
      allowed_mentions: { parse: [] },
    });
    expect(JSON.parse(at('/slack')?.body ?? '{}')).toEqual({ text: expect.stringContaining('$1,250.00') as unknown });
    expect(JSON.parse(at('/bot42:TOKEN/sendMessage')?.body ?? '{}')).toEqual({
      chat_id: '777',
      text: expect.stringContaining('1234567') as unknown,
    });
    const line = at('/v2/bot/message/push');
    expect(line?.headers.authorization).toBe('Bearer LINE-TOKEN');
    expect(JSON.parse(line?.body ?? '{}')).toMatchObject({ to: LINE_USER, messages: [{ type: 'text' }] });
    const log = await s.listDeliveries(caller, {});
    expect(log.items.map((d) => [d.status, d.attempts, d.rule])).toEqual(Array.from({ length: 5 }, () => ['delivered', 1, 'daily_loss']));
    // The log names what was left, as an amount and a percent.
    expect(log.items[0]).toMatchObject({ amountLeft: 1250, percentLeft: 25, currency: 'USD' });
    expect((await s.list(caller)).items.map((c) => c.failing)).toEqual([null, null, null, null, null]);
  });

  it('retries a failing receiver with backoff, gives up after 24 h, and never follows a redirect', async () => {
    const caller = await newCaller(getDb());
    let failing = true;
    const flaky = await receiver((req, res) => {
      if (req.path === '/moved') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
        return;
      }
      res.statusCode = failing ? 500 : 204;
      res.end();
    });
    try {
      let now = new Date('2026-03-15T12:00:00Z');
      const s = service();
      const w = worker({ now: () => now });
      const down = await create(s, caller, { kind: 'slack', url: `${flaky.base}/down` });
      const moved = await create(s, caller, { kind: 'discord', url: `${flaky.base}/moved` });
      await w.sink([event(caller.userId)]);
      await w.drain();
      const byChannel = async () => Object.fromEntries((await s.listDeliveries(caller, {})).items.map((d) => [d.channelId, d]));
      let log = await byChannel();
      expect(log[moved.channel.id]).toMatchObject({ status: 'dead', attempts: 1, lastError: expect.stringContaining('302') as unknown });
      expect(flaky.received.filter((r) => r.path !== '/moved' && r.path !== '/down')).toEqual([]);
      expect(log[down.channel.id]).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'HTTP 500: the receiver failed',
        nextAttemptAt: '2026-03-15T12:00:10.000Z',
      });
      // The channel's card says so, with the last error, until a delivery goes through.
      const cards = async () => Object.fromEntries((await s.list(caller)).items.map((c) => [c.id, c.failing]));
      expect((await cards())[down.channel.id]).toEqual({
        failures: 1,
        lastError: 'HTTP 500: the receiver failed',
        at: '2026-03-15T12:00:00.000Z',
      });

      // Within the day each due retry is one more attempt; the receiver coming back delivers it.
      now = new Date('2026-03-15T12:00:10Z');
      await w.drain();
      log = await byChannel();
      expect(log[down.channel.id]).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: '2026-03-15T12:00:30.000Z' });
      failing = false;
      now = new Date('2026-03-15T12:00:30Z');
      await w.drain();
      expect((await byChannel())[down.channel.id]).toMatchObject({
        status: 'delivered',
        attempts: 3,
        lastError: null,
        nextAttemptAt: null,
      });
      expect((await cards())[down.channel.id]).toBeNull();

      // A delivery still failing past 24 h after it was queued goes to the dead letters.
      failing = true;
      await w.sink([event(caller.userId, { threshold: 10 })]);
      const late = new Date(now.getTime() + RETRY_WINDOW_MS - 1000);
      await getDb().prisma.alertDelivery.updateMany({ where: { userId: caller.userId, status: 'pending' }, data: { nextAttemptAt: late } });
      now = late;
      await w.drain();
      const dead = await s.listDeliveries(caller, { channelId: down.channel.id, status: 'dead' });
      expect(dead.items).toHaveLength(1);
      expect(dead.items[0]?.lastError).toContain('gave up');
    } finally {
      await flaky.close();
    }
  });

  it('ends an attempt at its timeout without holding the queue: a slow receiver is retried, the others delivered', async () => {
    const caller = await newCaller(getDb());
    const slow = await receiver((req, res) => {
      if (req.path === '/fast') res.end('ok');
      // /slow never answers: the attempt's own timeout ends it.
    });
    try {
      const s = service();
      const w = worker({ timeoutMs: 300, concurrency: 1 });
      await create(s, caller, { kind: 'slack', url: `${slow.base}/slow` });
      await create(s, caller, { kind: 'slack', url: `${slow.base}/fast` });
      await w.sink([event(caller.userId)]);
      await w.drain();
      const items = (await s.listDeliveries(caller, {})).items;
      expect(items.map((d) => d.status).sort()).toEqual(['delivered', 'pending']);
      expect(items.find((d) => d.status === 'pending')?.lastError).toBe('no answer within 300 ms');
    } finally {
      await slow.close();
    }
  });

  it('refuses at delivery a destination that now resolves to a private address', async () => {
    const caller = await newCaller(getDb());
    const s = service({ allowPrivateDestinations: false, resolve: () => Promise.resolve(['93.184.216.34']) });
    const channel = await create(s, caller, { kind: 'slack', url: 'https://hooks.rebound.example/x' });
    const w = worker({ allowPrivateDestinations: false, resolve: () => Promise.resolve(['127.0.0.1']) });
    await w.sink([event(caller.userId)]);
    await w.drain();
    const [only] = (await s.listDeliveries(caller, { channelId: channel.channel.id })).items;
    expect(only).toMatchObject({ status: 'dead', lastError: expect.stringContaining('127.0.0.1') as unknown });
  });

  it('applies the address rule at delivery to an IP literal (Node skips the lookup hook for one)', async () => {
    const caller = await newCaller(getDb());
    // Saved while private destinations were allowed; the operator has since turned them off.
    const channel = await create(service(), caller, { kind: 'slack', url: `https://127.0.0.1:${new URL(hook.base).port}/literal` });
    const w = worker({ allowPrivateDestinations: false });
    await w.sink([event(caller.userId)]);
    await w.drain();
    const [only] = (await service().listDeliveries(caller, { channelId: channel.channel.id })).items;
    expect(only).toMatchObject({ status: 'dead', attempts: 1, lastError: 'refused: 127.0.0.1 is not a public address' });
  });

  it('tells a refused connection and a TLS failure alike, as "could not connect", and stops after three attempts', async () => {
    const caller = await newCaller(getDb());
    let now = new Date('2026-03-16T12:00:00Z');
    const s = service();
    // Nothing listens on port 1; the receiver speaks plain HTTP to a TLS client.
    const closed = await create(s, caller, { kind: 'slack', url: 'http://127.0.0.1:1/closed' });
    const tls = await create(s, caller, { kind: 'slack', url: `https://127.0.0.1:${new URL(hook.base).port}/tls` });
    const w = worker({ now: () => now });
    await w.sink([event(caller.userId)]);
    await w.drain();
    const errors = async () =>
      Object.fromEntries(
        (await s.listDeliveries(caller, {})).items.map((d) => [
          d.channelId === closed.channel.id ? 'closed' : 'tls',
          [d.status, d.lastError],
        ]),
      );
    expect(await errors()).toEqual({ closed: ['pending', 'could not connect'], tls: ['pending', 'could not connect'] });
    for (let i = 0; i < 2; i++) {
      now = new Date(now.getTime() + 3_600_000);
      await w.drain();
    }
    const dead = ['dead', 'could not connect (gave up after 3 attempts)'];
    expect(await errors()).toEqual({ closed: dead, tls: dead });
    expect(tls.channel.id).not.toBe(closed.channel.id);
  });

  it("keeps no receiver's answer: a proxy echoing the bot token leaves only the status and a fixed reason", async () => {
    const echo = await receiver((req, res) => {
      res.statusCode = 404;
      res.end(`Cannot POST ${req.path}`);
    });
    try {
      const caller = await newCaller(getDb());
      const s = service();
      await create(s, caller, { kind: 'telegram', token: '42:SECRETTOKENabcdef', chatId: '777', apiUrl: echo.base });
      const w = worker();
      await w.sink([event(caller.userId)]);
      await w.drain();
      expect(echo.received.map((r) => r.path)).toEqual(['/bot42:SECRETTOKENabcdef/sendMessage']);
      const [only] = (await s.listDeliveries(caller, {})).items;
      expect(only).toMatchObject({ status: 'dead', lastError: 'HTTP 404: nothing at this address (a deleted webhook or bot?)' });
      const stored = await getDb().prisma.alertDelivery.findMany({ where: { userId: caller.userId } });
      expect(JSON.stringify(stored)).not.toContain('SECRETTOKEN');
    } finally {
      await echo.close();
    }
  });

  it('sends names as plain text everywhere: no mention, link or markup parsed', async () => {
    const caller = await newCaller(getDb());
    const s = service();
    const NAME = '@everyone <!channel> <b>';
    await create(s, caller, { kind: 'discord', name: NAME, url: `${hook.base}/m-discord` });
    await create(s, caller, { kind: 'slack', name: NAME, url: `${hook.base}/m-slack` });
    await create(s, caller, { kind: 'telegram', name: NAME, token: '42:MARKUP', chatId: '777', apiUrl: hook.base });
    await create(s, caller, { kind: 'line', name: NAME, token: 'MARKUP-TOKEN', to: LINE_USER, apiUrl: hook.base });
    const before = hook.received.length;
    const w = worker();
    await w.sink([event(caller.userId, { firm: NAME, accountLabel: '<http://evil.test|c> & co' })]);
    await w.drain();
    const body = (path: string) =>
      JSON.parse(hook.received.slice(before).find((r) => r.path === path)?.body ?? '{}') as Record<string, unknown>;
    const discord = body('/m-discord');
    expect(discord['allowed_mentions']).toEqual({ parse: [] });
    expect(discord['content']).toContain(NAME);
    const slack = body('/m-slack')['text'] as string;
    expect(slack).toContain('@everyone &lt;!channel&gt; &lt;b&gt;');
    expect(slack).toContain('&lt;http://evil.test|c&gt; &amp; co');
    expect(slack).not.toMatch(/[<>]/);
    const telegram = body('/bot42:MARKUP/sendMessage');
    expect(telegram).not.toHaveProperty('parse_mode');
    expect(telegram['text']).toContain(NAME);
    const line = body('/v2/bot/message/push') as { messages: { type: string; text: string }[] };
    expect(line.messages[0]).toMatchObject({ type: 'text', text: expect.stringContaining(NAME) as unknown });
  });

  it("is fair: one user's receiver hanging with 1,000 queued rows does not hold another user's alert", async () => {
    const hanging = await receiver(() => undefined); // never answers
    try {
      const slow = await newCaller(getDb());
      const other = await newCaller(getDb());
      const s = service();
      await create(s, slow, { kind: 'slack', url: `${hanging.base}/hang` });
      await create(s, other, { kind: 'slack', url: `${hook.base}/fair` });
      const w = worker({ timeoutMs: 3000 });
      await w.sink(Array.from({ length: 1000 }, (_, i) => event(slow.userId, { threshold: i })));
      // The hanging user's first attempts are in flight (its share of the slots), then the other user's alert comes.
      while (hanging.received.length < USER_IN_FLIGHT) await new Promise((resolve) => setTimeout(resolve, 5));
      const arrived = new Promise<number>((resolve) => {
        const check = setInterval(() => {
          if (hook.received.some((r) => r.path === '/fair')) {
            clearInterval(check);
            resolve(performance.now());
          }
        }, 2);
      });
      const queuedAt = performance.now();
      await w.sink([event(other.userId)]);
      const ms = (await arrived) - queuedAt;
      // Delivered while every one of the hanging user's attempts still waits: its share, no more, was in flight.
      expect(hanging.received.length).toBe(USER_IN_FLIGHT);
      process.stdout.write(`fair delivery: the other user's alert arrived ${ms.toFixed(0)} ms after it was queued\n`);
      await w.stop();
      // Its 996 queued rows would be the next tests' workers' to retry.
      await getDb().prisma.alertDelivery.deleteMany({ where: { userId: slow.userId } });
    } finally {
      await hanging.close();
    }
  });

  it('bounds a queue: past it the oldest queued test is dropped and the log says so; one test per channel at a time', async () => {
    const caller = await newCaller(getDb());
    const s = service();
    const channel = await create(s, caller, { kind: 'slack', url: `${hook.base}/bounded` });
    const test = await s.test(caller, channel.channel.id);
    await expect(s.test(caller, channel.channel.id)).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    // Nothing sends (no worker runs): 200 alerts queue behind the test and push it past the channel's bound.
    const idle = worker();
    await idle.stop();
    await idle.sink(Array.from({ length: QUEUED_PER_CHANNEL }, (_, i) => event(caller.userId, { threshold: i })));
    const rows = await getDb().prisma.alertDelivery.findMany({ where: { channelId: channel.channel.id } });
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(QUEUED_PER_CHANNEL);
    expect(rows.find((r) => r.id === test.id)).toMatchObject({ status: 'dead', lastError: expect.stringContaining('dropped') as unknown });
    expect(rows.filter((r) => r.purpose === 'alert' && r.status !== 'pending')).toEqual([]);
    await getDb().prisma.alertDelivery.deleteMany({ where: { userId: caller.userId } });
  });

  it('delivers each message once with two workers claiming at once, and a restart loses nothing queued', async () => {
    const caller = await newCaller(getDb());
    const s = service();
    await create(s, caller, { kind: 'slack', url: `${hook.base}/twice` });
    // The process that queued them stops (a deploy, a crash after the commit) before sending any.
    const first = worker();
    await first.stop();
    const events = Array.from({ length: 40 }, (_, i) => event(caller.userId, { threshold: i }));
    await first.sink(events);
    expect(await getDb().prisma.alertDelivery.count({ where: { userId: caller.userId, status: 'pending' } })).toBe(40);
    // Another died mid-send holding a claim on three: they wait for its lease to end, then go once.
    const now = new Date();
    // (Claims take users in turns: rows other tests left due may be among the three.)
    const held = (await new AlertChannelsRepository(getDb()).claimDue(now, 3)).filter((r) => r.userId === caller.userId).length;
    expect(held).toBeGreaterThan(0);
    const before = hook.received.filter((r) => r.path === '/twice').length;
    // Two instances (on PostgreSQL each with its own connections) claim the rest at once.
    const [a, b] = [worker({ concurrency: 4 }), worker({ concurrency: 4 })];
    await Promise.all([a.drain(), b.drain()]);
    expect(hook.received.filter((r) => r.path === '/twice').length - before).toBe(40 - held);
    const afterLease = worker({ now: () => new Date(now.getTime() + LEASE_MS + 1) });
    await afterLease.drain();
    const bodies = hook.received
      .filter((r) => r.path === '/twice')
      .slice(before)
      .map((r) => (JSON.parse(r.body) as { text: string }).text);
    expect(bodies).toHaveLength(40);
    expect(new Set(bodies).size).toBe(40);
    expect(await getDb().prisma.alertDelivery.count({ where: { userId: caller.userId, status: 'delivered' } })).toBe(40);
  });

  it('sends a test to the channel and logs it; removal takes the channel, its queue and log', async () => {
    const caller = await newCaller(getDb());
    await getDb().prisma.user.update({ where: { id: caller.userId }, data: { language: 'ja' } });
    const w = worker();
    const s = service({ wake: () => w.wake() });
    const channel = await create(s, caller, { kind: 'discord', name: '携帯', url: `${hook.base}/test-me` });
    const queued = await s.test(caller, channel.channel.id);
    expect(queued).toMatchObject({ purpose: 'test', status: 'pending', rule: null });
    await w.drain();
    const sent = hook.received.find((r) => r.path === '/test-me');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ content: expect.stringContaining('「携帯」のテスト通知') as unknown });
    expect((await s.listDeliveries(caller, { channelId: channel.channel.id })).items[0]).toMatchObject({
      id: queued.id,
      status: 'delivered',
    });
    const stranger = await newCaller(getDb());
    await expect(s.test(stranger, channel.channel.id)).rejects.toMatchObject({ status: 404 });
    await expect(s.remove(stranger, channel.channel.id)).rejects.toMatchObject({ status: 404 });
    await s.remove(caller, channel.channel.id);
    expect((await s.list(caller)).items).toEqual([]);
    expect(await getDb().prisma.alertDelivery.count({ where: { userId: caller.userId } })).toBe(0);
  });

  it('sends e-mail over SMTP', async () => {
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const caller = await newCaller(getDb());
      const s = service();
      await create(s, caller, { kind: 'email', name: '@everyone <!channel> <b>', to: 'trader@example.com' });
      const w = worker({ mailer: smtpMailer(`smtp://127.0.0.1:${port}`, 'Propfolio <alerts@example.com>', 2000) });
      await w.sink([
        event(caller.userId, { rule: 'breached', threshold: null, amountLeft: null, percentLeft: null, accountLabel: '@everyone <b>' }),
      ]);
      await w.drain();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('To: trader@example.com');
      expect(mails[0]).toContain('FTMO');
      // The headers come from fixed templates: the subject names the rule, never a firm, account or channel name.
      expect(mails[0]).toContain('Subject: [Propfolio] A loss floor was crossed');
      expect(mails[0]?.split('\r\n\r\n')[0]).not.toContain('everyone');
      expect((await s.listDeliveries(caller, {})).items[0]).toMatchObject({ status: 'delivered', rule: 'breached' });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
