import { expect, mcpCall, setUpOwner, test } from './fixtures.js';

test('issue a key in the EA integration panel, use it over /api/v1 and /mcp, then revoke it', async ({ page, server, consoleErrors }) => {
  await setUpOwner(page, server);
  await page.getByRole('link', { name: 'P&L' }).click();
  const panel = page.getByRole('region', { name: 'EA integration' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(`${server.origin}/mcp`).first()).toBeVisible();

  await panel.getByLabel('Key name').fill('laptop agent');
  await panel.getByLabel('Scope').selectOption('full');
  await panel.getByRole('button', { name: 'Issue key' }).click();
  const secret = (await panel.getByTestId('new-secret').textContent()) ?? '';
  expect(secret).toMatch(/^eakey_/);
  await expect(panel.getByRole('row', { name: /laptop agent/ })).toBeVisible();
  // The MCP configurations are filled in with the new key.
  await expect(
    panel.getByText(`claude mcp add --transport http propfolio ${server.origin}/mcp --header "Authorization: Bearer ${secret}"`),
  ).toBeVisible();

  const rest = await fetch(`${server.origin}/api/v1/challenges`, { headers: { Authorization: `Bearer ${secret}` } });
  expect(rest.status).toBe(200);
  const mcp = await mcpCall(server.origin, 'list_challenges', {}, secret);
  expect(mcp.status).toBe(200);
  expect(mcp.body.result?.isError ?? false).toBe(false);

  await panel.getByRole('button', { name: 'Revoke: laptop agent' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(panel.getByRole('row', { name: /laptop agent/ })).toContainText('Revoked');
  const after = await fetch(`${server.origin}/api/v1/challenges`, { headers: { Authorization: `Bearer ${secret}` } });
  expect(after.status).toBe(401);
  expect(consoleErrors).toEqual([]);
});
