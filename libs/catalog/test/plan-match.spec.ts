import { beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CatalogService, importCatalog, type PlanItem } from '../src/index.js';

describeEachDatabase('plans named by a purchase', (getDb) => {
  let catalog: CatalogService;
  let plans: PlanItem[];
  beforeAll(async () => {
    await importCatalog(getDb());
    catalog = new CatalogService(getDb(), { staleAfterDays: 180, now: () => new Date('2026-11-22T08:00:00Z') });
    plans = (await catalog.searchPlans({ limit: '100' })).items;
  });

  it("links the README's first challenge to FTMO's 2-Step 100k", async () => {
    const match = await catalog.matchPlan('FTMO', '2-Step 100k');
    expect(match.kind === 'one' && match.plan.id).toBe('ftmo-2-step-100000');
  });

  it('names every sized plan of the catalog by its firm, program and size, in k and in full', async () => {
    expect(plans.length).toBeGreaterThan(30);
    const missed: string[] = [];
    for (const plan of plans.filter((p) => p.accountSize !== null)) {
      const size = plan.accountSize ?? 0;
      for (const written of [`${plan.program} ${size.toLocaleString('en-US')}`, `${plan.program} ${size / 1000}k`]) {
        const match = await catalog.matchPlan(plan.firm.name, written);
        if (!(match.kind === 'one' && match.plan.id === plan.id)) missed.push(`${plan.firm.name} / ${written} → ${JSON.stringify(match)}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('search_plans takes the plan as written: with the firm, only the plans it names', async () => {
    const one = await catalog.searchPlans({ firm: 'ftmo', plan: '2 step $100K' });
    expect(one.items.map((p) => p.id)).toEqual(['ftmo-2-step-100000']);
    const several = await catalog.searchPlans({ firm: 'FTMO', plan: '100,000' });
    expect(several.items.map((p) => p.id).sort()).toEqual(['ftmo-1-step-100000', 'ftmo-2-step-100000']);
    expect((await catalog.searchPlans({ firm: 'FTMO', plan: 'Swing 100k' })).items).toEqual([]);
  });
});
