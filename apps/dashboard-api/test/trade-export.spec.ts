import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import { describeEachDatabase } from '@propfolio/db/testing';
import { closedPosition } from '@propfolio/domain/testing';
import { SESSION_COOKIE } from '../src/http/cookies.js';
import { body, expectProblem, TestService, type Browser } from './harness.js';

/**
 * The journal's CSV export and sorted list on both doors (issue 42 item 5): /app/api answers the same file as /api/v1
 * (the dashboard has no JSON to build it from), and a bad sort, order or cursor is the same 400 on both.
 */
describeEachDatabase('trades: CSV export and sorting on both doors', (getDb) => {
  let service: TestService;
  let person: Browser;
  let key: string;
  beforeAll(async () => {
    service = await TestService.start(getDb());
    person = await service.signUp();
    key = await person.issueKey();
    const account = await service
      .http()
      .post('/api/v1/accounts')
      .set('Authorization', `Bearer ${key}`)
      .send({ login: '90210', server: 'Broker-Demo', currency: 'JPY', initialBalance: 1_000_000, name: '=東京口座' })
      .expect(201);
    const { id } = body<{ id: string }>(account);
    await service
      .http()
      .post(`/api/v1/accounts/${id}/positions`)
      .set('Authorization', `Bearer ${key}`)
      .send({
        positions: [
          closedPosition('1', { symbol: 'USDJPY', profit: 1500, commission: -300 }),
          closedPosition('2', { symbol: 'EURJPY', profit: -800, closedAt: '2026-03-02T03:00:00Z' }),
          closedPosition('3', { symbol: 'GBPJPY', profit: 20, closedAt: '2026-03-02T04:00:00Z' }),
        ],
      })
      .expect(200);
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  const dashboard = (path: string, who: Browser = person): Test =>
    service
      .http()
      .get(`/app/api${path}`)
      .set('Origin', who.origin)
      .set('Cookie', `${SESSION_COOKIE}=${String(who.cookie)}`);
  const rest = (path: string): Test => service.http().get(`/api/v1${path}`).set('Authorization', `Bearer ${key}`);

  it('answers the CSV file on both doors: BOM, type, attachment name, the list’s rows in its order', async () => {
    for (const res of [await dashboard('/trades/export.csv?sort=net&order=asc'), await rest('/trades/export.csv?sort=net&order=asc')]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trades-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.headers['link']).toBeUndefined();
      const text = Buffer.from(res.text, 'utf8');
      expect([...text.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = res.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines.map((l) => l.split(',')[3])).toEqual(['symbol', 'EURJPY', 'GBPJPY', 'USDJPY']);
      // The account's label starts with "=": written as text, never as a formula.
      expect(lines[1]?.startsWith(`"'=東京口座",`)).toBe(true);
      // Commission, swap, fee, profit and net as stored, then the account's currency.
      expect(lines[3]).toContain(',-300,0,0,1500,1200,JPY,');
    }
  });

  it('never exports another user’s trades', async () => {
    const other = await service.signUp();
    const res = await dashboard('/trades/export.csv', other).expect(200);
    expect(
      res.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('refuses a bad sort, order or cursor with the same 400 naming the field on both doors', async () => {
    const byNet = body<{ nextCursor: string }>(await rest('/trades?sort=net&limit=1').expect(200)).nextCursor;
    for (const [path, field] of [
      ['/trades?sort=profit', 'sort'],
      ['/trades?order=up', 'order'],
      [`/trades?sort=volume&cursor=${byNet}`, 'cursor'],
      ['/trades/export.csv?sort=bogus', 'sort'],
      [`/trades/export.csv?cursor=${byNet}`, 'cursor'],
    ] as const) {
      for (const res of [await dashboard(path), await rest(path)]) {
        const problem = expectProblem(res, 400, 'validation_failed');
        expect({ path, field: problem.errors?.[0]?.field }).toEqual({ path, field });
      }
    }
  });
});
