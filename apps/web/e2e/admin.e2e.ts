import { expect, setUpOwner, test } from './fixtures.js';

const NEWCOMER = { email: 'newcomer@example.com', password: 'a long enough passphrase', name: 'Newcomer' };

test('an admin invites someone, they sign up with the link, and disabling them ends their session', async ({
  page,
  browser,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  await page.getByRole('navigation').getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  const invites = page.getByRole('region', { name: 'Invitations' });
  await expect(invites.getByText('No invitations yet.')).toBeVisible();
  await invites.getByLabel('Email (optional)').fill(NEWCOMER.email);
  await invites.getByRole('button', { name: 'Create invitation link' }).click();
  const link = (await invites.getByRole('status').locator('code').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`^${server.origin}/sign-up\\?invite=\\S+$`));
  await expect(invites.getByRole('listitem').filter({ hasText: NEWCOMER.email })).toContainText('Expires');

  // The newcomer: a browser of their own (no shared cookies), opening the link they were sent.
  const theirs = await browser.newContext({ baseURL: server.origin, locale: 'en-US' });
  const them = await theirs.newPage();
  const theirErrors: string[] = [];
  them.on('pageerror', (error) => theirErrors.push(error.message));
  await them.goto(link.replace(server.origin, ''));
  await expect(them.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
  await expect(them.getByLabel('Invitation code')).toHaveValue(new URL(link).searchParams.get('invite') ?? 'missing');
  await them.getByLabel('Email').fill(NEWCOMER.email);
  await them.getByLabel('Name (optional)').fill(NEWCOMER.name);
  await them.getByLabel('Password').fill(NEWCOMER.password);
  await them.getByRole('button', { name: 'Create account' }).click();
  await expect(them.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(them.getByText('No challenges yet.')).toBeVisible();
  // Not an admin: no Admin link for them.
  await expect(them.getByRole('navigation').getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // The invitation is used up, and the newcomer is in the users list.
  await page.reload();
  await expect(invites.getByRole('listitem').filter({ hasText: NEWCOMER.email })).toContainText('Used');
  const users = page.getByRole('region', { name: 'Users' });
  const row = users.getByRole('row', { name: new RegExp(NEWCOMER.email) });
  await expect(row).toContainText(NEWCOMER.name);
  // The admin cannot disable themselves: only the newcomer's row has the button.
  await expect(users.getByRole('button', { name: 'Disable' })).toHaveCount(1);

  await row.getByRole('button', { name: 'Disable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable' });
  await expect(dialog).toContainText(`Disable ${NEWCOMER.email}?`);
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();

  // Their session stops: the next request of their open page is refused and the app sends them to sign-in.
  const me = await theirs.request.get('/app/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toEqual({ signedIn: false });
  await them.getByRole('link', { name: 'Challenges' }).click();
  await expect(them.getByRole('heading', { name: 'Sign in to Propfolio' })).toBeVisible();
  // Nor can they sign in again while disabled.
  await them.getByLabel('Email').fill(NEWCOMER.email);
  await them.getByLabel('Password').fill(NEWCOMER.password);
  await them.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(them.getByRole('alert')).toHaveText('The email or password is not right, or the account is disabled.');
  await expect(them.getByRole('heading', { name: 'Sign in to Propfolio' })).toBeVisible();
  await theirs.close();
  expect(theirErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an owner-issued password-reset link sets a new password once and signs that browser in', async ({
  page,
  browser,
  server,
  consoleErrors,
}) => {
  await setUpOwner(page, server);
  // The newcomer joins by invitation (through /app/api, as the pages would).
  const { csrfToken } = (await (await page.request.get('/app/api/me')).json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken, Origin: server.origin };
  const invite = (await (await page.request.post('/app/api/admin/invites', { headers, data: { days: 7 } })).json()) as { token: string };
  const theirs = await browser.newContext({ baseURL: server.origin, locale: 'en-US' });
  const signUp = await theirs.request.post('/app/api/auth/sign-up', {
    headers: { Origin: server.origin },
    data: { invite: invite.token, email: NEWCOMER.email, password: NEWCOMER.password },
  });
  expect(signUp.status()).toBe(201);

  await page.goto('/admin');
  const users = page.getByRole('region', { name: 'Users' });
  await users.getByRole('row').filter({ hasText: NEWCOMER.email }).getByRole('button', { name: 'Password-reset link' }).click();
  const status = page.getByTestId('reset-link');
  await expect(status).toContainText(`Send this link to ${NEWCOMER.email}`);
  const link = (await status.locator('code').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`^${server.origin}/reset-password\\?token=\\S+$`));

  // They open it in a fresh browser, choose a new password and are signed in; their old session has ended.
  const fresh = await browser.newContext({ baseURL: server.origin, locale: 'en-US' });
  const them = await fresh.newPage();
  const theirErrors: string[] = [];
  them.on('pageerror', (error) => theirErrors.push(error.message));
  await them.goto(link.replace(server.origin, ''));
  await expect(them.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await them.getByLabel('New password').fill('another long passphrase');
  await them.getByRole('button', { name: 'Set the password and sign in' }).click();
  await expect(them.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  expect(await (await theirs.request.get('/app/api/me')).json()).toEqual({ signedIn: false });

  // The link works once.
  const again = await (await browser.newContext({ baseURL: server.origin, locale: 'en-US' })).newPage();
  await again.goto(link.replace(server.origin, ''));
  await again.getByLabel('New password').fill('a third long passphrase');
  await again.getByRole('button', { name: 'Set the password and sign in' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'This password-reset link is unknown, already used or expired. Ask an administrator for a new one.',
  );
  // And the new password is the one that signs in.
  const signIn = await fresh.request.post('/app/api/auth/sign-in', {
    headers: { Origin: server.origin },
    data: { email: NEWCOMER.email, password: 'another long passphrase' },
  });
  expect(signIn.status()).toBe(200);
  await theirs.close();
  await fresh.close();
  expect(theirErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
