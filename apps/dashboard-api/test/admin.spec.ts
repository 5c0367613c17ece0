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
      // The page sends the browser's language: the owner's alerts are in it from the start.
      const done = await owner.post(
        '/setup',
        { token, email: 'Owner@Example.com', password: PASSWORD, name: 'オーナー', language: 'en' },
        false,
      );
      expect(done.status).toBe(200);
      expect(body<Me>(done).user).toMatchObject({ email: 'Owner@Example.com', name: 'オーナー', admin: true, language: 'en' });
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

    it('an email-bound invite answers an existing and an unknown email alike, and probing does not use it up', async () => {
      const made = body<InviteMade>(await owner.post('/admin/invites', { email: 'bound@example.com' }));
      const attempt = (email: string) =>
        service.browser().post('/auth/sign-up', { email, password: PASSWORD, invite: made.token, name: 'Probe' }, false);
      const existing = await attempt('Owner@Example.com');
      const unknown = await attempt('nobody-here@example.com');
      expectProblem(existing, 400, 'invite_invalid');
      expectProblem(unknown, 400, 'invite_invalid');
      expect(existing.text).toBe(unknown.text);
      const listed = body<Listing<{ id: string; usedAt: string | null }>>(await owner.get('/admin/invites')).items;
      expect(listed.find((i) => i.id === made.invite.id)?.usedAt).toBeNull();
      expect((await attempt('Bound@Example.com')).status).toBe(201);
    });
  });

  describe('password-reset links', () => {
    interface ResetMade {
      url: string;
      token: string;
      reset: { id: string; userId: string; expiresAt: string };
    }
    const NEW_PASSWORD = 'a brand new passphrase';
    const signIn = async (password: string) => {
      const browser = service.browser();
      const res = await browser.post('/auth/sign-in', { email: 'guest@example.com', password }, false);
      return { browser, res };
    };

    it('an admin issues a one-time link; it sets a new password, ends every session of the user, and is spent', async () => {
      const users = body<Listing<{ id: string; email: string | null }>>(await owner.get('/admin/users')).items;
      const guestId = users.find((u) => u.email === 'guest@example.com')?.id as string;
      const { browser: laptop } = await signIn(PASSWORD);
      const { browser: phone } = await signIn(PASSWORD);
      expect((await laptop.get('/me')).body).toMatchObject({ signedIn: true });

      expectProblem(await laptop.post(`/admin/users/${guestId}/password-reset`), 403, 'forbidden');
      expectProblem(await owner.post('/admin/users/00000000-0000-4000-8000-000000000000/password-reset'), 404, 'not_found');
      const issued = await owner.post(`/admin/users/${guestId}/password-reset`);
      expect(issued.status).toBe(201);
      const made = body<ResetMade>(issued);
      expect(made.url).toBe(`${service.origin}/reset-password?token=${made.token}`);
      expect(made.reset.userId).toBe(guestId);
      expect(new Date(made.reset.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

      const user = service.browser();
      expectProblem(await user.post('/auth/password-reset', { token: made.token, password: 'short' }, false), 400, 'validation_failed');
      const done = await user.post('/auth/password-reset', { token: made.token, password: NEW_PASSWORD }, false);
      expect(done.status).toBe(200);
      expect(body<Me>(done).user.id).toBe(guestId);
      expect((await user.get('/me')).body).toMatchObject({ signedIn: true });
      for (const ended of [laptop, phone]) expect((await ended.get('/me')).body).toEqual({ signedIn: false });
      expectProblem((await signIn(PASSWORD)).res, 401, 'invalid_credentials');
      expect((await signIn(NEW_PASSWORD)).res.status).toBe(200);
      expectProblem(
        await service.browser().post('/auth/password-reset', { token: made.token, password: 'another new passphrase' }, false),
        403,
        'forbidden',
      );
    });

    it('a newer link replaces an unused one; an expired link or a disabled account is refused', async () => {
      const users = body<Listing<{ id: string; email: string | null }>>(await owner.get('/admin/users')).items;
      const guestId = users.find((u) => u.email === 'guest@example.com')?.id as string;
      const first = body<ResetMade>(await owner.post(`/admin/users/${guestId}/password-reset`));
      const second = body<ResetMade>(await owner.post(`/admin/users/${guestId}/password-reset`));
      const use = (made: ResetMade) => service.browser().post('/auth/password-reset', { token: made.token, password: NEW_PASSWORD }, false);
      expectProblem(await use(first), 403, 'forbidden');
      await getDb().prisma.passwordReset.update({ where: { id: second.reset.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expectProblem(await use(second), 403, 'forbidden');
      const third = body<ResetMade>(await owner.post(`/admin/users/${guestId}/password-reset`));
      expect((await owner.post(`/admin/users/${guestId}/disable`)).status).toBe(200);
      expectProblem(await use(third), 403, 'forbidden');
      expect((await owner.post(`/admin/users/${guestId}/enable`)).status).toBe(200);
      expect((await use(third)).status).toBe(200);
    });
  });
});
