import { apiCall, apiCreateChallenge, expect, setUpOwner, test } from './fixtures.js';

test('create a challenge, add a memo and a payout, and see the overview totals change', async ({ page, server, consoleErrors }) => {
  await setUpOwner(page, server);
  await page.getByRole('link', { name: 'Add a challenge' }).click();
  await page.getByLabel('Firm', { exact: true }).fill('FTMO');
  await page.getByLabel('Plan', { exact: true }).fill('2-Step 100k');
  await page.getByLabel('Price', { exact: true }).fill('540');
  await page.getByRole('button', { name: 'Record challenge' }).click();
  await expect(page.getByRole('heading', { name: 'FTMO · 2-Step 100k' })).toBeVisible();

  await page.getByLabel('New memo').fill('Phase 1 started: risk 0.5% per trade');
  await page.getByRole('button', { name: 'Add memo' }).click();
  await expect(page.getByText('Phase 1 started: risk 0.5% per trade')).toBeVisible();

  await page.getByRole('region', { name: 'Payouts' }).getByLabel('Amount', { exact: true }).fill('1000');
  await page.getByRole('button', { name: 'Add payout' }).click();
  await expect(page.getByRole('region', { name: 'Payouts' }).getByText('$1,000.00')).toBeVisible();

  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('paid-USD')).toHaveText('$540.00');
  await expect(page.getByTestId('withdrawn-USD')).toHaveText('$1,000.00');
  await expect(page.getByTestId('net-USD')).toHaveText('$460.00');
  await expect(page.getByTestId('count-in_progress')).toHaveText('1');

  // A challenge created over the API by an agent shows up too, and moves the totals.
  await apiCreateChallenge(server, { firm: 'The5ers', plan: 'Hyper Growth 10k', price: 260 });
  await page.reload();
  await expect(page.getByTestId('paid-USD')).toHaveText('$800.00');
  await expect(page.getByRole('link', { name: 'The5ers · Hyper Growth 10k' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a phase change first lists the EA accounts it archives, and archives them once confirmed', async ({
  page,
  server,
  consoleErrors,
}) => {
  const challenge = await apiCreateChallenge(server, { firm: 'FTMO', plan: '2-Step 100k', price: 540 });
  const account = await apiCall(server, 'POST', '/accounts', {
    login: '5012345',
    server: 'FTMO-Demo',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.id,
  });
  expect(account.status).toBe(201);
  await setUpOwner(page, server);
  await page.goto(`/challenges/${challenge.id}`);
  await expect(page.getByTestId('linked-accounts')).toContainText('5012345 @ FTMO-Demo');
  await expect(page.getByTestId('linked-accounts')).not.toContainText('Archived');

  await page.getByLabel('Phase', { exact: true }).fill('Phase 2');
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the change' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('archive-list')).toContainText('5012345 @ FTMO-Demo');
  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('challenge-phase')).toHaveText('Phase 1');

  await page.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('challenge-phase')).toHaveText('Phase 2');
  await expect(page.getByTestId('linked-accounts')).toContainText('Archived');
  const accounts = await apiCall<{ items: { archived: boolean }[] }>(server, 'GET', '/accounts?archived=only');
  expect(accounts.body.items).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test('delete a challenge with its payout, find it in the trash, restore it', async ({ page, server, consoleErrors }) => {
  const challenge = await apiCreateChallenge(server, { firm: 'FundedNext', plan: 'Stellar 2-Step 25k', price: 199 });
  await apiCall(server, 'POST', `/challenges/${challenge.id}/payouts`, {
    amount: 320,
    currency: 'USD',
    date: new Date().toISOString().slice(0, 10),
  });
  await setUpOwner(page, server);
  await page.goto(`/challenges/${challenge.id}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 payouts');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  await expect(page.getByText('FundedNext')).toBeVisible();
  expect((await apiCall(server, 'GET', `/challenges/${challenge.id}`)).status).toBe(404);

  await page.getByRole('button', { name: /^Restore/ }).click();
  await expect(page.getByText('Restored.')).toBeVisible();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  await page.getByRole('link', { name: 'Challenges' }).click();
  await expect(page.getByRole('link', { name: 'FundedNext' })).toBeVisible();
  const detail = await apiCall<{ payouts: unknown[] }>(server, 'GET', `/challenges/${challenge.id}`);
  expect(detail.body.payouts).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});
