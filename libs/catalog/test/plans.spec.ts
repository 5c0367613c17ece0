import { beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CatalogService, firmRulesForEa, importCatalog, PRICE_NOTE, type PlanItem } from '../src/index.js';

describeEachDatabase('plan search', (getDb) => {
  let catalog: CatalogService;
  beforeAll(async () => {
    await importCatalog(getDb());
    catalog = new CatalogService(getDb(), { staleAfterDays: 180, now: () => new Date('2026-11-22T08:00:00Z') });
  });

  it.each(['ftmo', 'FTMO', 'ＦＴＭＯ', ' Ftmo '])('matches the firm %p regardless of case, width and spaces', async (firm) => {
    const { items } = await catalog.searchPlans({ firm, limit: '100' });
    expect(items.length).toBe(10);
    expect(new Set(items.map((p) => p.firm.slug))).toEqual(new Set(['ftmo']));
  });

  it('matches display names with spaces', async () => {
    const { items } = await catalog.searchPlans({ firm: 'the 5ers' });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.firm.name === 'The5ers')).toBe(true);
  });

  it('answers an unknown firm with no items and the closest names', async () => {
    const result = await catalog.searchPlans({ firm: 'FTM0' });
    expect(result.items).toEqual([]);
    expect(result.nextCursor).toBeNull();
    expect(result.suggestions?.[0]).toBe('FTMO');
  });

  it('filters by phases, 0 meaning instant funding', async () => {
    const instant = await catalog.searchPlans({ phases: '0', limit: 100 });
    expect(instant.items.length).toBeGreaterThan(0);
    expect(instant.items.every((p) => p.phases === 0 && p.rules.profitTargetsPercent?.length === 0)).toBe(true);
    const three = await catalog.searchPlans({ phases: 3, limit: 100 });
    expect(three.items.every((p) => p.phases === 3)).toBe(true);
    await expect(catalog.searchPlans({ phases: '4' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(catalog.searchPlans({ phases: 'two' })).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('filters by size, maximum price, currency and billing', async () => {
    const sized = await catalog.searchPlans({ size: '100000', maxPrice: '400', currency: 'usd', limit: 100 });
    expect(sized.items.length).toBeGreaterThan(0);
    for (const p of sized.items) {
      expect(p).toMatchObject({ accountSize: 100000, currency: 'USD' });
      expect(p.price).not.toBeNull();
      expect(p.price as number).toBeLessThanOrEqual(400);
    }
    expect(sized.items.map((p) => p.id)).toContain('maven-1-step-100000');
    const yen = await catalog.searchPlans({ currency: 'JPY', limit: 100 });
    expect(yen.items.every((p) => p.firm.slug === 'fintokei')).toBe(true);
    const monthly = await catalog.searchPlans({ billing: 'monthly' });
    expect(monthly.items.map((p) => p.id)).toEqual([
      'topstep-trading-combine-50000',
      'topstep-trading-combine-100000',
      'topstep-trading-combine-150000',
    ]);
  });

  it('sorts by price and size, unknown prices last', async () => {
    const prices = (await catalog.searchPlans({ firm: 'fundednext', sort: 'price', limit: 100 })).items.map((p) => p.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = (await catalog.searchPlans({ sort: '-size', limit: 100 })).items.map((p) => p.accountSize);
    expect(down[0]).toBe(50_000_000);
    const all = (await catalog.searchPlans({ sort: 'price', limit: 100 })).items;
    const firstNull = all.findIndex((p) => p.price === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(all.slice(firstNull).every((p) => p.price === null)).toBe(true);
  });

  it('answers the plans grouped by program by default, each size with its own deferred fee, and whole rows with detail "full"', async () => {
    const grouped = await catalog.answerPlanSearch({ firm: 'goat-funded-trader', limit: 100 });
    const full = await catalog.answerPlanSearch({ firm: 'goat-funded-trader', limit: 100, detail: 'full' });
    expect(grouped.items).toBeUndefined();
    expect(full.programs).toBeUndefined();
    expect(grouped.programs?.flatMap((p) => p.sizes.map((s) => s.id))).toEqual(full.items?.map((p) => p.id));
    // Pay Later's sizes differ only in the fee due on passing: one program, the fee per size.
    const payLater = grouped.programs?.filter((p) => p.program === 'Pay Later') ?? [];
    expect(payLater).toHaveLength(1);
    expect(payLater[0]?.sizes[0]).toEqual({ id: 'goat-funded-trader-pay-later-5000', accountSize: 5000, price: 5, deferredFee: 78 });
    expect(payLater[0]?.rules).not.toHaveProperty('deferredFee');
    expect(full.items?.find((p) => p.id === 'goat-funded-trader-pay-later-5000')?.rules.deferredFee).toBe(78);
    expect(grouped.programs?.find((p) => p.program !== 'Pay Later')?.sizes[0]).not.toHaveProperty('deferredFee');
    // A page cut through a program lists the rest of its sizes under it again on the next page.
    const first = await catalog.answerPlanSearch({ firm: 'ftmo', limit: 3 });
    const second = await catalog.answerPlanSearch({ firm: 'ftmo', limit: 3, cursor: first.nextCursor });
    expect(first.programs?.map((p) => p.sizes.length)).toEqual([3]);
    expect(second.programs?.map((p) => [p.program, p.sizes.length])).toEqual([
      ['FTMO Challenge 1-Step', 2],
      ['FTMO Challenge 2-Step', 1],
    ]);
    await expect(catalog.answerPlanSearch({ detail: 'rows' })).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('pages with an opaque cursor, without overlap', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await catalog.searchPlans({ sort: 'size', limit: 30, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await getDb().prisma.plan.count());
    await expect(catalog.searchPlans({ cursor: 'garbage' })).rejects.toMatchObject({ code: 'validation_failed' });
    const articleCursor = (await catalog.searchArticles({ limit: 1 })).nextCursor as string;
    await expect(catalog.searchPlans({ cursor: articleCursor })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(catalog.searchPlans({ limit: '101' })).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('says prices are list prices and flags plans older than the limit as stale', async () => {
    const { items } = await catalog.searchPlans({ firm: 'ftmo', size: 100000 });
    const twoStep = items.find((p) => p.id === 'ftmo-2-step-100000') as PlanItem;
    const oneStep = items.find((p) => p.id === 'ftmo-1-step-100000') as PlanItem;
    expect(twoStep).toMatchObject({
      priceNote: PRICE_NOTE,
      price: 540,
      currency: 'EUR',
      checkedOn: '2025-09-04',
      ageDays: 444,
      stale: true,
    });
    expect(oneStep).toMatchObject({ checkedOn: '2026-08-29', ageDays: 85, stale: false });
    const lenient = new CatalogService(getDb(), { staleAfterDays: 444, now: () => new Date('2026-11-22T23:59:00Z') });
    expect((await lenient.searchPlans({ firm: 'ftmo', size: 100000, phases: 2 })).items[0]?.stale).toBe(false);
  });

  it('maps plan rules to the EA settings engine', async () => {
    const { items } = await catalog.searchPlans({ firm: 'the5ers', size: 100000 });
    const plan = items.find((p) => p.program === 'High Stakes') as PlanItem;
    expect(firmRulesForEa(plan)).toEqual({
      firm: 'The5ers',
      dailyLossPercent: 5,
      dailyLossBasis: 'max_balance_equity',
      maxLossPercent: 10,
      maxLossType: 'static',
      eaPolicy: 'allowed',
      newsTrading: 'restricted',
      newsWindowMinutes: 2,
      weekendHolding: 'allowed',
      maxRiskPerTradePercent: null,
      hedging: null,
    });
    const axi = (await catalog.searchPlans({ firm: 'axi' })).items[0] as PlanItem;
    // Axi Select has no daily loss, only a 7% static loss of the stage's allocation.
    expect(firmRulesForEa(axi)).toMatchObject({ dailyLossPercent: null, maxLossPercent: 7, maxLossType: 'static' });
  });
});
