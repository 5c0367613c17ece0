import { expect, OWNER, setUpOwner, test } from './fixtures.js';

test('first-run setup, sign out, then sign in again', async ({ page, server, consoleErrors }) => {
  // Signed out, the dashboard sends the browser to sign-in, which points at the setup link.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in to Propfolio' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('/setup?token=');

  await setUpOwner(page, server);
  await expect(page.getByText('No challenges yet.')).toBeVisible();

  // The setup link works once.
  const again = await page.request.get('/app/api/setup');
  expect(await again.json()).toEqual({ needed: false });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Propfolio' })).toBeVisible();
  // The used link says so before any form, and points at sign-in.
  await page.goto(server.setupUrl.replace(/^http:\/\/[^/]+/, ''));
  await expect(page.getByTestId('setup-used')).toHaveText(
    'This setup link has already been used or has expired: the owner account exists. Sign in instead.',
  );
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Propfolio' })).toBeVisible();

  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('wrong password!!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
