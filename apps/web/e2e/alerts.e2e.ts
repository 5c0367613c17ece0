import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectNoHorizontalScroll, setUpOwner, test as base } from './fixtures.js';
import { startServer } from './server.js';

/** A Discord-shaped receiver on 127.0.0.1: keeps each body it is sent. */
async function discordReceiver() {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.statusCode = 204;
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/1/token`, bodies, close: () => server.close() };
}

/** The server of these journeys has alerts set up, and may send to receivers on 127.0.0.1. */
const test = base.extend({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires one even when empty.
    async ({}, use) => {
      const server = await startServer({
        ALERTS_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
        ALERTS_ALLOW_PRIVATE_DESTINATIONS: 'true',
      });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'test', timeout: 600_000 },
  ],
});

test('the Alerts page adds a channel, sends a test that the receiver gets, logs it, and removes the channel, at 1280 and 375 px', async ({
  page,
  server,
  consoleErrors,
}) => {
  const receiver = await discordReceiver();
  try {
    await setUpOwner(page, server);
    await page.getByRole('link', { name: 'Alerts' }).click();
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    await expect(page.getByText('No channel yet: add one to receive alerts.')).toBeVisible();
    await expect(page.getByText('Nothing sent yet.')).toBeVisible();

    // An http URL is refused unless the operator allows it; this server does, for its local receiver.
    await page.getByLabel('Kind').selectOption('discord');
    await page.getByLabel('Name').fill('Desk');
    await page.getByLabel('URL (https)').fill(receiver.url);
    await page.getByRole('button', { name: 'Add channel' }).click();
    await expect(page.getByText('Channel “Desk” added. Send a test to check it.')).toBeVisible();
    const card = page.locator('.alert-channels li', { hasText: 'Desk' });
    await expect(card).toContainText(`127.0.0.1:${new URL(receiver.url).port}`);
    await expect(card).not.toContainText('token');

    await page.getByRole('button', { name: 'Send test: Desk' }).click();
    await expect(page.locator('.alert-log tbody tr').first()).toContainText('Delivered');
    expect(receiver.bodies).toHaveLength(1);
    // Discord pings no one from a name a user typed (`allowed_mentions` with nothing to parse).
    expect(JSON.parse(receiver.bodies[0] ?? '{}')).toEqual({
      content: expect.stringContaining('Desk') as unknown,
      allowed_mentions: { parse: [] },
    });
    await expectNoHorizontalScroll(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await page.getByLabel('Language').selectOption('ja');
    await expect(page.getByRole('heading', { name: 'アラート', level: 1 })).toBeVisible();
    await expect(page.locator('.alert-log tbody tr').first()).toContainText('配信済み');
    await expectNoHorizontalScroll(page);

    // Removal asks first, and is keyboard-operable: Escape cancels, the confirm button removes.
    await page.getByRole('button', { name: '削除: Desk' }).click();
    await page.keyboard.press('Escape');
    await expect(card).toBeVisible();
    await page.getByRole('button', { name: '削除: Desk' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect(page.getByText('通知先がありません。追加するとアラートが届きます。')).toBeVisible();
    await expect(page.getByText('まだ何も送信していません。')).toBeVisible();
  } finally {
    receiver.close();
  }
  expect(consoleErrors).toEqual([]);
});
