import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, mcpCall, problemCode, test } from './fixtures.js';
import { startServer } from './server.js';

const CATALOG = resolve(import.meta.dirname, '../../../libs/catalog/data');
const PLAN = 'ftmo-2-step-100000';

test('a list price that changed between two starts shows in the plan’s price history, the same over REST and MCP', async ({ browser }) => {
  // Two server starts on fresh databases: as much time as the server fixture allows one (a loaded machine is slow).
  test.setTimeout(600_000);
  // A copy of the catalog files and one database kept across two starts: the second import sees a new price.
  const catalogDir = await mkdtemp(join(tmpdir(), 'propfolio-web-catalog-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'propfolio-web-e2e-'));
  await cp(CATALOG, catalogDir, { recursive: true });
  const env = { CATALOG_DATA_DIR: catalogDir };
  try {
    await (await startServer(env, { dataDir })).stop();
    const firmFile = join(catalogDir, 'firms', 'ftmo.yaml');
    const yaml = await readFile(firmFile, 'utf8');
    const edited = yaml
      .replace('checkedOn: 2025-09-04', 'checkedOn: 2026-03-01')
      .replace('{ size: 100000, price: 540 }', '{ size: 100000, price: 599.5 }');
    expect(edited).not.toBe(yaml);
    await writeFile(firmFile, edited);

    const server = await startServer(env, { dataDir });
    const context = await browser.newContext({ baseURL: server.origin, locale: 'en-US' });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (msg) => msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && errors.push(msg.text()));
      await page.goto('/plans?firm=ftmo&phases=2');
      const row = page.getByRole('row').filter({ hasText: '€599.50' });
      await expect(row).toHaveCount(1);
      // Keyboard: the disclosure is reachable and opens with Enter.
      const summary = row.getByText('Price history');
      await summary.focus();
      await page.keyboard.press('Enter');
      const history = row.getByTestId(`price-history-${PLAN}`);
      await expect(history.getByRole('listitem')).toHaveText(['Since Mar 1, 2026 €599.50', 'Sep 4, 2025 – Mar 1, 2026 €540.00']);
      // A plan whose price stayed the same says so.
      const unchanged = page.getByRole('row').filter({ hasText: '€1,080.00' });
      await unchanged.getByText('Price history').click();
      await expect(unchanged).toContainText('No price change recorded since');

      const rest: unknown = await (await fetch(`${server.origin}/api/v1/plans/${PLAN}/prices`)).json();
      expect(rest).toEqual({
        planId: PLAN,
        priceNote: 'List price before coupons/discounts',
        items: [
          { price: 599.5, currency: 'EUR', checkedOn: '2026-03-01' },
          { price: 540, currency: 'EUR', checkedOn: '2025-09-04' },
        ],
        nextCursor: null,
      });
      const mcp = await mcpCall(server.origin, 'get_plan_price_history', { id: PLAN });
      expect(mcp.body.result?.structuredContent).toEqual(rest);
      const missing = await fetch(`${server.origin}/api/v1/plans/no-such-plan/prices`);
      expect(missing.status).toBe(404);
      expect(await problemCode(missing)).toBe('not_found');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  } finally {
    await rm(catalogDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
});
