import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { TestService } from './harness.js';

describeEachDatabase('dashboard smoke', (getDb) => {
  let service: TestService;
  beforeAll(async () => {
    service = await TestService.start(getDb());
  });
  afterAll(async () => service?.close());

  it('signs up, reads me, issues a key that works on /api/v1', async () => {
    const browser = await service.signUp();
    const me = await browser.get('/me');
    expect(me.status).toBe(200);
    const key = await browser.issueKey();
    const res = await service.http().get('/api/v1/me/summary').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
  });
});
