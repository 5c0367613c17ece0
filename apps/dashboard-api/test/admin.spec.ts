import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { body, expectProblem, TestService, type Browser, type Listing, type Me } from './harness.js';

interface InviteMade {
  url: string;
  token: string;
  invite: { id: string };
}

const PASSWORD = 'correct horse battery';

/** First start, the setup link, closed sign-up with invites, and the admin screens (SIGNUP=closed, the default). */
describeEachDatabase('dashboard first start, invites and admin', (getDb) => {
  let service: TestService;
  let owner: Browser;
  beforeAll(async () => {
    service = await TestService.start(getDb(), { env: { SIGNUP: 'closed' } });
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  describe('first start', () => {
    it('announces the owner key and a one-time setup link on the service origin', () => {
      expect(service.ownerKey).toMatch(/^eakey_/);
      expect(service.setupUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/setup\?token=[A-Za-z0-9_-]{43}$/);
    });

    it('the setup link sets the owner email and password once, signs them in as admin, and the owner key keeps working', async () => {
      expect((await service.http().get('/app/api/setup')).body).toEqual({ needed: true });
      const token = new URL(service.setupUrl as string).searchParams.get('token') as string;
      owner = service.browser();
      expectProblem(await owner.post('/setup', { token, email: 'owner@example.com', password: 'short' }, false), 400, 'validation_failed');
      expectProblem(
        await owner.post('/setup', { token: 'x'.repeat(43), email: 'owner@example.com', password: PASSWORD }, false),
        403,
        'forbidden',
      );
      const done = await owner.post('/setup', { token, email: 'Owner@Example.com', password: PASSWORD, name: 'オーナー' }, false);
      expect(done.status).toBe(200);
      expect(body<Me>(done).user).toMatchObject({ email: 'Owner@Example.com', name: 'オーナー', admin: true, language: 'ja' });
      expect((await service.http().get('/app/api/setup')).body).toEqual({ needed: false });
      expectProblem(
        await service.browser().post('/setup', { token, email: 'thief@example.com', password: PASSWORD }, false),
        403,
        'forbidden',
      );
      expect((await service.http().get('/api/v1/me/summary').set('Authorization', `Bearer ${service.ownerKey}`)).status).toBe(200);
      expect(body<Listing<unknown>>(await owner.get('/keys')).items).toHaveLength(1);
    });
  });

  describe('closed sign-up and invites', () => {
    it('refuses sign-up without an invite', async () => {
      expectProblem(
        await service.browser().post('/auth/sign-up', { email: 'walkin@example.com', password: PASSWORD }, false),
        403,
        'signup_closed',
      );
    });

    it('an admin invite lets one person sign up, once, and the admin sees it used', async () => {
      const created = await owner.post('/admin/invites', { email: 'guest@example.com', days: 3 });
      expect(created.status).toBe(201);
      const made = body<InviteMade>(created);
      expect(made.url).toBe(`${service.origin}/sign-up?invite=${made.token}`);
      expect(made.invite).toMatchObject({ email: 'guest@example.com', usedAt: null });
      const invite = made.token;
      expectProblem(
        await service.browser().post('/auth/sign-up', { email: 'other@example.com', password: PASSWORD, invite }, false),
        400,
        'invite_invalid',
      );
      const guest = service.browser();
      const signUp = await guest.post('/auth/sign-up', { email: 'guest@example.com', password: PASSWORD, invite }, false);
      expect(signUp.status).toBe(201);
      expect(body<Me>(signUp).user.admin).toBe(false);
      expectProblem(
        await service.browser().post('/auth/sign-up', { email: 'guest2@example.com', password: PASSWORD, invite }, false),
        400,
        'invite_invalid',
      );
      const listed = await owner.get('/admin/invites');
      const [first] = body<Listing<{ usedAt: string | null }>>(listed).items;
      expect(first).toMatchObject({ id: made.invite.id, email: 'guest@example.com' });
      expect(first?.usedAt).not.toBeNull();
      expectProblem(await guest.get('/admin/invites'), 403, 'forbidden');
      expectProblem(await guest.post('/admin/invites', {}), 403, 'forbidden');
    });

    it('an expired invite is refused', async () => {
      const created = body<InviteMade>(await owner.post('/admin/invites', {}));
      await getDb().prisma.invite.update({ where: { id: created.invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expectProblem(
        await service.browser().post('/auth/sign-up', { email: 'late@example.com', password: PASSWORD, invite: created.token }, false),
        400,
        'invite_invalid',
      );
      expectProblem(await owner.post('/admin/invites', { days: 31 }), 400, 'validation_failed');
    });

    it('lists users for the admin, without password hashes', async () => {
      const res = await owner.get('/admin/users');
      expect(res.status).toBe(200);
      expect(body<Listing<{ email: string | null }>>(res).items.map((u) => u.email)).toEqual(['Owner@Example.com', 'guest@example.com']);
      expect(JSON.stringify(res.body)).not.toContain('scrypt$');
      const ownerId = body<Me>(await owner.get('/me')).user.id;
      expectProblem(await owner.post(`/admin/users/${ownerId}/disable`), 409, 'conflict');
    });
  });
});
