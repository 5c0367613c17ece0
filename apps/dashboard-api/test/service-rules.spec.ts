import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { body, TestService, type Browser } from './harness.js';
import type { DashboardAnswer } from './api-types.js';

type Session = DashboardAnswer<'/app/api/me', 'get'> & { signedIn: true };
type Update = DashboardAnswer<'/app/api/challenges/{id}', 'patch'>;

/** The rules /me sends so that the web app does not restate them: each is what the server does. */
describeEachDatabase('the service rules sent with the session', (getDb) => {
  let service: TestService;
  let person: Browser;
  let rules: Session['rules'];
  beforeAll(async () => {
    service = await TestService.start(getDb(), { env: { TRASH_RETENTION_DAYS: '12' } });
    person = await service.signUp();
    rules = body<Session>(await person.get('/me')).rules;
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  /** A challenge with one linked EA account, changed by `changes`: the accounts the change archived. */
  const archivedBy = async (changes: object) => {
    const challenge = body<{ id: string }>(await person.post('/challenges', { firm: 'FTMO', plan: '2-Step 100k', price: 540 }));
    const login = String(Math.floor(Math.random() * 1e9));
    const account = await person.post('/accounts', {
      login,
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId: challenge.id,
    });
    expect(account.status).toBe(201);
    const res = await person.patch(`/challenges/${challenge.id}`, changes);
    expect(res.status).toBe(200);
    return body<Update>(res).archivedAccounts.length;
  };

  it('names the trash retention the service applies', async () => {
    expect(rules.trashRetentionDays).toBe(12);
    const challenge = body<{ id: string }>(await person.post('/challenges', { firm: 'FTMO', plan: '2-Step 10k', price: 90 }));
    const { entry } = body<DashboardAnswer<'/app/api/challenges/{id}', 'delete'>>(await person.delete(`/challenges/${challenge.id}`));
    expect(Date.parse(entry.purgeAfter) - Date.parse(entry.deletedAt)).toBe(12 * 86_400_000);
  });

  it('lists exactly the challenge changes that archive its EA accounts', async () => {
    expect([...rules.archivingChanges].sort()).toEqual(['failed', 'phase']);
    expect(await archivedBy({ phase: 'Phase 2' })).toBe(1);
    expect(await archivedBy({ status: 'failed' })).toBe(1);
    expect(await archivedBy({ paymentMethod: 'card' })).toBe(0);
    expect(await archivedBy({ status: 'passed' })).toBe(0);
  });
});
