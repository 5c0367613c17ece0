import { apiCall, apiCreateChallenge, expect, setUpOwner, test } from './fixtures.js';

test('create a challenge, add a memo and a payout, and see the overview totals change', async ({ page, server, consoleErrors }) => {
  await setUpOwner(page, server);
  await page.getByRole('link', { name: 'Add a challenge' }).click();
  await page.getByLabel('Firm', { exact: true }).fill('FTMO');
  await page.getByLabel('Plan', { exact: true }).fill('2-Step 100k');
  await page.getByLabel('Price', { exact: true }).fill('540');
  await page.getByRole('button', { name: 'Record challenge' }).click();
  await expect(page.getByRole('heading', { name: 'FTMO · 2-Step 100k' })).toBeVisible();

  // The page's forms are closed until used (a wall of open forms on a phone).
  await expect(page.getByLabel('New memo')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add memo' }).click();
  await page.getByLabel('New memo').fill('Phase 1 started: risk 0.5% per trade');
  await page.getByRole('button', { name: 'Add memo' }).click();
  await expect(page.getByText('Phase 1 started: risk 0.5% per trade')).toBeVisible();

  await page.getByRole('button', { name: 'Add payout' }).click();
  // A payout on a challenge not funded yet: the page says so before recording it.
  await expect(page.getByTestId('unfunded-warning')).toContainText('not funded yet');
  await page.getByRole('region', { name: 'Payouts' }).getByLabel('Amount', { exact: true }).fill('1000');
  await page.getByRole('button', { name: 'Add payout' }).click();
  const unfunded = page.getByRole('dialog', { name: 'Payout on a challenge not funded yet' });
  await unfunded.getByRole('button', { name: 'Add the payout anyway' }).click();
  await expect(page.getByRole('region', { name: 'Payouts' }).getByText('$1,000.00')).toBeVisible();

  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('spent-USD')).toHaveText('$540.00');
  await expect(page.getByTestId('withdrawn-USD')).toHaveText('$1,000.00');
  await expect(page.getByTestId('net-USD')).toHaveText('$460.00');
  await expect(page.getByTestId('count-in_progress')).toHaveText('1');

  // A challenge created over the API by an agent shows up too, and moves the totals.
  await apiCreateChallenge(server, { firm: 'The5ers', plan: 'Hyper Growth 10k', price: 260 });
  await page.reload();
  await expect(page.getByTestId('spent-USD')).toHaveText('$800.00');
  await expect(page.getByTestId('net-definition')).toContainText('the same figure as the Analytics page');
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

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
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
  // Deleting leaves the page before its queries are refreshed: no refetch of the deleted challenge answers 404.
  await expect(page.getByRole('region', { name: 'Rule headroom' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const notFound: string[] = [];
  page.on('response', (res) => res.status() === 404 && notFound.push(res.url()));
  await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('0 memos, 1 payout and 0 EA accounts');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  await expect(page.getByText('FundedNext')).toBeVisible();
  expect(notFound).toEqual([]);
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

test('an EA account the tracker registered on its own is linked to its challenge and renamed on the P&L page', async ({
  page,
  server,
  consoleErrors,
}) => {
  const challenge = await apiCreateChallenge(server, { firm: 'FTMO', plan: '2-Step 100k', price: 540 });
  const failed = await apiCreateChallenge(server, { firm: 'The5ers', plan: 'Hyper Growth 10k', price: 260 });
  expect((await apiCall(server, 'PATCH', `/challenges/${failed.id}`, { status: 'failed' })).status).toBe(200);
  // A plan that names its firm itself is shown without the firm a second time ("FTMO · FTMO Challenge …").
  await apiCreateChallenge(server, { firm: 'FTMO', plan: 'FTMO Challenge 2-Step 10k', price: 155 });
  const account = await apiCall<{ id: string }>(server, 'POST', '/accounts', {
    login: '7700001',
    server: 'FTMO-Demo',
    currency: 'USD',
    initialBalance: 100000,
  });
  expect(account.status).toBe(201);
  await setUpOwner(page, server);
  await page.goto('/pnl');
  const settings = page.getByRole('form', { name: 'Account’s challenge and name' });
  const select = settings.getByLabel('Challenge of this account');
  // A failed challenge is closed: it is not offered.
  await expect(select.locator('option')).toHaveCount(3);
  expect((await select.locator('option').allInnerTexts()).sort()).toEqual([
    'Choose the challenge…',
    'FTMO Challenge 2-Step 10k (Phase 1)',
    'FTMO · 2-Step 100k (Phase 1)',
  ]);
  await select.selectOption({ label: 'FTMO · 2-Step 100k (Phase 1)' });
  await settings.getByLabel('Account name').fill('FTMO phase 1');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'FTMO phase 1' })).toBeVisible();
  // The accounts table's row (the cockpit above it lists the account too).
  await expect(page.locator('table.card-rows:not(.cockpit-table)').getByRole('row').filter({ hasText: '7700001' })).toContainText(
    'FTMO · 2-Step 100k (Phase 1)',
  );
  const listed = await apiCall<{ items: { id: string; challenge: { id: string } | null; name: string }[] }>(server, 'GET', '/accounts');
  const linked = listed.body.items.find((a) => a.id === account.body.id);
  expect(linked?.challenge?.id).toBe(challenge.id);
  expect(linked?.name).toBe('FTMO phase 1');
  expect(consoleErrors).toEqual([]);
});

test('the first chart of a new user: one dated entry is centred in a short range, its legend names and values', async ({
  page,
  server,
  consoleErrors,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  await apiCreateChallenge(server, { firm: 'FTMO', plan: '2-Step 100k', price: 540, purchasedAt: today });
  await setUpOwner(page, server);
  const chart = page.getByRole('img', { name: 'Cumulative purchases and payouts (USD)' });
  await expect(chart.locator('canvas')).toHaveCount(1);
  const [min = 0, max = 0] = ((await chart.getAttribute('data-x-range')) ?? '').split(',').map(Number);
  const day = Date.parse(`${today}T00:00:00Z`) / 1000;
  // A week either side of the one day (it spanned Jan 2027 – Jul 2029 with the point at the edge).
  expect(max - min).toBe(14 * 86_400);
  expect(day - min).toBe(7 * 86_400);
  // The legend reads as the current totals, with the series' names.
  const legend = page.locator('.u-legend');
  await expect(legend).toContainText('Purchases');
  await expect(legend).toContainText('$540.00');
  await expect(legend).toContainText('Payouts');
  expect(consoleErrors).toEqual([]);
});

test('a failed challenge shows its breach date, and its closed fields look closed', async ({ page, server, consoleErrors }) => {
  const once = await apiCreateChallenge(server, { firm: 'The5ers', plan: 'Hyper Growth 10k', price: 260 });
  const monthly = await apiCreateChallenge(server, { firm: 'Alpha Capital', plan: 'Alpha Pro 50k', price: 99, billing: 'monthly' });
  for (const c of [once, monthly]) expect((await apiCall(server, 'PATCH', `/challenges/${c.id}`, { status: 'failed' })).status).toBe(200);
  await setUpOwner(page, server);
  await page.goto(`/challenges/${once.id}`);
  const today = new Date().toISOString().slice(0, 10);
  const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`));
  await expect(page.getByTestId('challenge-failed-at')).toHaveText(shown);
  // Nothing of a one-time failed challenge can change: no edit form at all.
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  // A monthly one can still record its end: the other fields are disabled and look it.
  await page.goto(`/challenges/${monthly.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const phase = page.getByLabel('Phase', { exact: true });
  await expect(phase).toBeDisabled();
  expect(await phase.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 255, 255)');
  await expect(page.getByLabel('Monthly plan ended on')).toBeEnabled();
  expect(consoleErrors).toEqual([]);
});
