import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CatalogService, importCatalog, PRICE_NOTE } from '../src/index.js';
import { editFirmFile, fixtureDataDir, writeArticle } from './fixtures.js';

describeEachDatabase('importCatalog', (getDb) => {
  it('imports the repository data, then writes nothing on a second run', async () => {
    const db = getDb();
    const first = await importCatalog(db, { today: '2026-11-01' });
    expect(first).toMatchObject({ priceChanges: 0, ruleChanges: 0, unchanged: 0 });
    expect(first.firms).toBeGreaterThanOrEqual(12);
    expect(first.plans).toBeGreaterThanOrEqual(25);
    expect(first.articles).toBeGreaterThanOrEqual(20);
    const priceRows = await db.prisma.planPrice.count();
    expect(priceRows).toBe(first.plans);

    // Same files: skipped on their fingerprint, without reading or comparing a record.
    const second = await importCatalog(db, { today: '2026-11-02' });
    expect(second).toEqual({
      firms: 0,
      plans: 0,
      priceChanges: 0,
      ruleChanges: 0,
      articles: 0,
      unchanged: first.firms + first.plans + first.articles,
      skipped: true,
    });
    // Forced: every record compared, none written.
    const forced = await importCatalog(db, { today: '2026-11-02', force: true });
    expect(forced).toEqual({ ...second, skipped: false });
    expect(await db.prisma.planPrice.count()).toBe(priceRows);
  });
});

describeEachDatabase('price history', (getDb) => {
  it('keeps the old price with its date when a list price changes', async () => {
    const db = getDb();
    const dir = fixtureDataDir([{ slug: 'one', title: 'One' }]);
    await importCatalog(db, { dataDir: dir, today: '2026-01-10' });

    editFirmFile(dir, 'ftmo', (yaml) =>
      yaml
        .replace('checkedOn: 2025-09-04', 'checkedOn: 2026-03-01')
        .replace('{ size: 100000, price: 540 }', '{ size: 100000, price: 599.5 }'),
    );
    const report = await importCatalog(db, { dataDir: dir, today: '2026-03-02' });
    // Every 2-Step plan changed its checkedOn, but only one its price.
    expect(report).toMatchObject({ plans: 5, priceChanges: 1, articles: 0 });
    expect(await importCatalog(db, { dataDir: dir })).toMatchObject({ plans: 0, priceChanges: 0, skipped: true });

    const catalog = new CatalogService(db, { staleAfterDays: 180, now: () => new Date('2026-04-01T12:00:00Z') });
    expect(await catalog.planPriceOn('ftmo-2-step-100000', '2025-12-31')).toEqual({
      planId: 'ftmo-2-step-100000',
      date: '2025-12-31',
      price: 540,
      currency: 'EUR',
      checkedOn: '2025-09-04',
    });
    expect(await catalog.planPriceOn('ftmo-2-step-100000', '2026-03-01')).toMatchObject({ price: 599.5, checkedOn: '2026-03-01' });
    expect(await catalog.planPriceOn('ftmo-2-step-100000', '2025-01-01')).toBeNull();
    const current = await catalog.searchPlans({ firm: 'ftmo', size: '100000', phases: '2' });
    expect(current.items.map((p) => p.price)).toEqual([599.5]);

    await expect(catalog.planPriceOn('no-such-plan', '2026-01-01')).rejects.toMatchObject({ code: 'not_found' });
    await expect(catalog.planPriceOn('ftmo-2-step-100000', '2026-02-30')).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('gives a plan’s list prices newest first, paged, as the public operation answers', async () => {
    // Continues from the import above: the 100k 2-Step plan went from 540 to 599.5, the 10k one kept 155.
    const catalog = new CatalogService(getDb(), { staleAfterDays: 180 });
    const history = await catalog.planPriceHistory({ id: 'ftmo-2-step-100000' });
    expect(history).toEqual({
      planId: 'ftmo-2-step-100000',
      priceNote: PRICE_NOTE,
      items: [
        { price: 599.5, currency: 'EUR', checkedOn: '2026-03-01' },
        { price: 540, currency: 'EUR', checkedOn: '2025-09-04' },
      ],
      nextCursor: null,
    });
    const first = await catalog.planPriceHistory({ id: 'ftmo-2-step-100000', limit: '1' });
    expect(first.items).toEqual(history.items.slice(0, 1));
    const second = await catalog.planPriceHistory({ id: 'ftmo-2-step-100000', limit: '1', cursor: first.nextCursor });
    expect(second).toMatchObject({ items: history.items.slice(1), nextCursor: null });
    expect((await catalog.planPriceHistory({ id: 'ftmo-2-step-10000' })).items).toEqual([
      { price: 155, currency: 'EUR', checkedOn: '2025-09-04' },
    ]);

    await expect(catalog.planPriceHistory({ id: 'no-such-plan' })).rejects.toMatchObject({ code: 'not_found' });
    for (const id of ['FTMO 2-Step', '../plans', '']) {
      await expect(catalog.planPriceHistory({ id })).rejects.toMatchObject({ code: 'validation_failed' });
    }
    await expect(catalog.planPriceHistory({ id: 'ftmo-2-step-100000', cursor: 'bogus' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });

  it('keeps the rules in force on a purchase date when a plan’s rules change', async () => {
    const db = getDb();
    const dir = fixtureDataDir([{ slug: 'one', title: 'One' }]);
    await importCatalog(db, { dataDir: dir, today: '2026-01-10' });
    const catalog = new CatalogService(db, { staleAfterDays: 180 });
    const before = await catalog.planRulesOn('ftmo-2-step-100000', '2026-02-01');
    expect(before).toMatchObject({ checkedOn: '2025-09-04', inForceOnDate: true, price: 540, phases: 2 });

    editFirmFile(dir, 'ftmo', (yaml) =>
      yaml
        .replace('checkedOn: 2025-09-04', 'checkedOn: 2026-12-01')
        .replace('maxLoss:\n          percent: 10\n          type: static', 'maxLoss:\n          percent: 8\n          type: static'),
    );
    // The service reading the plans is told, so it reads the new rules at once rather than after its copies' TTL.
    expect(await importCatalog(db, { dataDir: dir, today: '2026-12-02', catalog })).toMatchObject({ plans: 5, ruleChanges: 5 });
    expect(await importCatalog(db, { dataDir: dir, force: true, catalog })).toMatchObject({ plans: 0, ruleChanges: 0 });

    // Bought before the change: the old rules, named by their checked-on date; after it: the new ones.
    // (The plan's own last check moved on, so it is no longer stale; the rule version applied did not.)
    expect(await catalog.planRulesOn('ftmo-2-step-100000', '2026-11-30')).toEqual({ ...before, lastCheckedOn: '2026-12-01', stale: false });
    expect(before.rules.maxLoss).toMatchObject({ percent: 10 });
    const after = await catalog.planRulesOn('ftmo-2-step-100000', '2026-12-01');
    expect(after).toMatchObject({ checkedOn: '2026-12-01', inForceOnDate: true, rules: { maxLoss: { percent: 8 } } });
    // Before the oldest version: that version, flagged as not known to be in force then.
    expect(await catalog.planRulesOn('ftmo-2-step-100000', '2024-01-01')).toMatchObject({ checkedOn: '2025-09-04', inForceOnDate: false });
    await expect(catalog.planRulesOn('no-such-plan', '2026-01-01')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('re-indexes a changed article and removes a deleted one', async () => {
    const db = getDb();
    const dir = fixtureDataDir([
      { slug: 'kept', title: '最初のタイトル' },
      { slug: 'gone', title: '消える記事' },
    ]);
    await importCatalog(db, { dataDir: dir });
    writeArticle(dir, { slug: 'kept', title: '新しい見出し' });
    (await import('node:fs')).rmSync(`${dir}/articles/gone.md`);
    expect(await importCatalog(db, { dataDir: dir })).toMatchObject({ articles: 2, skipped: false });
    const catalog = new CatalogService(db, { staleAfterDays: 180 });
    expect((await catalog.searchArticles({ q: '見出し' })).items.map((a) => a.slug)).toEqual(['kept']);
    expect((await catalog.searchArticles({ q: '最初' })).items).toEqual([]);
    await expect(catalog.getArticle('gone')).rejects.toMatchObject({ code: 'not_found' });
  });
});
