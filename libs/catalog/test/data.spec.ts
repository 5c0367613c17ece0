import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { catalogDataDir } from '../src/data-dir.js';
import { loadArticles } from '../src/data/article-files.js';
import { loadPlanCatalog } from '../src/data/plan-files.js';

const dataDir = catalogDataDir();

describe('catalog data files', () => {
  const { firms, plans } = loadPlanCatalog(dataDir);
  const articles = loadArticles(dataDir);

  it('cover at least 12 firms and 25 programs, each plan dated and sourced', () => {
    expect(firms.length).toBeGreaterThanOrEqual(12);
    expect(new Set(plans.map((p) => `${p.firmSlug}/${p.program}`)).size).toBeGreaterThanOrEqual(25);
    for (const plan of plans) {
      expect(plan.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(plan.sourceUrl).toMatch(/^https:\/\//);
    }
  });

  it('keep prices in the source currency and unknowns as null', () => {
    expect(plans.find((p) => p.id === 'ftmo-2-step-100000')).toMatchObject({ currency: 'EUR', price: '540' });
    expect(plans.find((p) => p.id === 'fintokei-protrader-50000000')).toMatchObject({ currency: 'JPY', price: '298800' });
    expect(plans.find((p) => p.id === 'the5ers-high-stakes-100000')?.price).toBeNull();
    expect(plans.find((p) => p.id === 'maven-2-step')?.rules.dailyLoss).toBeNull();
    expect(plans.find((p) => p.id === 'topstep-trading-combine-50000')?.billing).toBe('monthly');
  });

  it('hold at least 20 articles, 12 of them Japanese', () => {
    expect(articles.length).toBeGreaterThanOrEqual(20);
    expect(articles.filter((a) => a.language === 'ja').length).toBeGreaterThanOrEqual(12);
  });

  it('resolve the data directory from CATALOG_DATA_DIR first', () => {
    expect(catalogDataDir({ CATALOG_DATA_DIR: '/somewhere/else' })).toBe('/somewhere/else');
    expect(dataDir.endsWith(join('libs', 'catalog', 'data'))).toBe(true);
  });
});

describe('validation when loading', () => {
  const copy = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-data-'));
    cpSync(dataDir, dir, { recursive: true });
    return dir;
  };

  it('rejects a plan with an unknown rule vocabulary, naming the file', () => {
    const dir = copy();
    const file = join(dir, 'firms', 'ftmo.yaml');
    const yaml = readFileSync(file, 'utf8');
    writeFileSync(file, yaml.replace('type: static', 'type: sometimes'));
    expect(() => loadPlanCatalog(dir)).toThrow(/firms\/ftmo\.yaml.*maxLoss/);
  });

  it('gives every reset clock in words a machine-readable roll-over, and reads best-day rules', () => {
    const { plans } = loadPlanCatalog(dataDir);
    const ftmo = plans.find((p) => p.id === 'ftmo-2-step-100000')?.rules.dailyLoss;
    expect(ftmo).toMatchObject({ resetClock: '00:00 CE(S)T', rollover: { timeZone: 'Europe/Prague', time: '00:00' } });
    const fundedNext = plans.find((p) => p.firmSlug === 'fundednext')?.rules.dailyLoss;
    expect(fundedNext).toMatchObject({ rollover: { timeZone: 'America/New_York', time: '17:00' } });
    for (const plan of plans) {
      const daily = plan.rules.dailyLoss;
      if (daily !== null && daily !== 'none' && !('disputed' in daily) && daily.resetClock !== null) expect(daily.rollover).not.toBeNull();
    }
    expect(plans.find((p) => p.id === 'ftmo-1-step-100000')?.rules.consistency).toMatchObject({
      bestDayMaxPercent: 50,
      of: 'total_profit',
      effect: 'blocks_pass',
    });
    expect(plans.find((p) => p.id === 'ftmo-2-step-100000')?.rules.consistency).toBe('none');
  });

  it('carries the firms’ rules as they publish them, each changed rule with its source and a new dated version', () => {
    const { plans } = loadPlanCatalog(dataDir);
    const plan = (id: string) => {
      const found = plans.find((p) => p.id === id);
      if (!found) throw new Error(`no plan ${id}`);
      return found;
    };
    // Broker-clock roll-overs are New York 17:00 (server GMT+2/+3), not a fixed UTC+03:00.
    for (const id of ['the5ers-high-stakes-100000', 'alpha-capital-alpha-pro-10'])
      expect(plan(id).rules.dailyLoss).toMatchObject({ rollover: { timeZone: 'America/New_York', time: '17:00' } });
    // Fintokei recalculates "exactly at 00:00 UTC … not server time" (its support article), its blog's server midnight kept as disputed.
    expect(plan('fintokei-protrader-2000000').rules.dailyLoss).toMatchObject({
      rollover: { timeZone: 'UTC', time: '00:00' },
      source: { kind: 'firm' },
      disputed: [expect.objectContaining({ source: expect.objectContaining({ kind: 'firm' }) }), expect.anything()],
    });
    expect(plan('fintokei-protrader-2000000').rules.dailyLoss).toMatchObject({ basis: 'day_start_equity', amountOf: 'reference' });
    expect(plan('fundednext-stellar-2-step-100000').rules.dailyLoss).toMatchObject({ basis: 'day_start_balance' });
    expect(plan('maven-1-step-100000').rules.maxLoss).toMatchObject({ amountOf: 'high_water_mark', type: 'trailing_equity' });
    expect(plan('the5ers-high-stakes-100000').rules.minTradingDays).toMatchObject({ counts: 'profitable_day', minProfitPercent: 0.5 });
    expect(plan('ftmo-2-step-100000').rules.minTradingDays).toMatchObject({ counts: 'position_opened' });
    // Topstep: the dollar limit differs by size, from the size's own rules.
    expect(
      [50000, 100000, 150000].map((size) => (plan(`topstep-trading-combine-${size}`).rules.maxLoss as { amount: number }).amount),
    ).toEqual([2000, 3000, 4500]);
    // SwiftTrader: Fintokei's support article's 3% is used; the pages that say none stay, each with its source.
    const swift = plan('fintokei-swifttrader-usd-100000').rules.dailyLoss as { percent: number; disputed: { value: unknown }[] };
    expect(swift.percent).toBe(3);
    expect(swift.disputed.map((c) => c.value)).toEqual(['none', 'none']);
    // A rule re-read today is a new version dated today; the list price keeps its own date.
    expect(plan('ftmo-1-step-100000')).toMatchObject({ checkedOn: '2026-08-29', rulesCheckedOn: '2026-11-29' });
    expect(plan('ftmo-2-step-100000')).toMatchObject({ checkedOn: '2025-09-04', rulesCheckedOn: '2026-11-29' });
    expect(plan('maven-2-step')).toMatchObject({ checkedOn: '2026-11-22', rulesCheckedOn: '2026-11-29' });
  });

  it('refuses a rule whose words and data disagree, naming both', () => {
    const dir = copy();
    const file = join(dir, 'firms', 'ftmo.yaml');
    const yaml = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      yaml
        .replace('of: total_profit', 'of: profit_target')
        .replace('      consistency:\n', '      other: ["Best day at most 50% of the total profit."]\n      consistency:\n'),
    );
    expect(() => loadPlanCatalog(dir)).toThrow(
      /ftmo-1-step-10000\).*"Best day at most 50% of the total profit.*" say consistency\.of is total_profit, but the data says "profit_target"/,
    );
    const maven = join(dir, 'firms', 'maven.yaml');
    writeFileSync(file, yaml);
    writeFileSync(maven, readFileSync(maven, 'utf8').replace('amountOf: high_water_mark', 'amountOf: initial_balance'));
    expect(() => loadPlanCatalog(dir)).toThrow(
      /"5% of the peak equity.*" say maxLoss\.amountOf is high_water_mark, but the data says "initial_balance"/,
    );
  });

  it('refuses a limit given as a percentage and as an amount that are not the same limit, naming both', () => {
    const dir = copy();
    const file = join(dir, 'firms', 'topstep.yaml');
    const yaml = readFileSync(file, 'utf8');
    writeFileSync(file, yaml.replace('percent: null\n          type: trailing_eod', 'percent: 4\n          type: trailing_eod'));
    expect(() => loadPlanCatalog(dir)).toThrow(
      /topstep-trading-combine-100000\): maxLoss\.percent 4% of 100000 is 4000, but maxLoss\.amount says 3000/,
    );
  });

  it('rejects a roll-over in an unknown zone, or one that says something else than its words', () => {
    const dir = copy();
    const file = join(dir, 'firms', 'ftmo.yaml');
    const yaml = readFileSync(file, 'utf8');
    writeFileSync(file, yaml.replace('timeZone: Europe/Prague', 'timeZone: Europe/Pragu'));
    expect(() => loadPlanCatalog(dir)).toThrow(/firms\/ftmo\.yaml.*Europe\/Pragu/);
    writeFileSync(file, yaml.replace('timeZone: Europe/Prague, time: "00:00"', 'timeZone: Europe/Prague, time: "01:00"'));
    expect(() => loadPlanCatalog(dir)).toThrow(/reads as Europe\/Prague 00:00, but rollover says Europe\/Prague 01:00/);
    writeFileSync(file, yaml.replace(/^rollover: .*$/m, ''));
    expect(() => loadPlanCatalog(dir)).toThrow(/needs a rollover/);
  });

  it('rejects a mismatch between profit targets and phases', () => {
    const dir = copy();
    writeFileSync(
      join(dir, 'firms', 'zz.yaml'),
      'slug: zz\nname: ZZ\nprograms:\n  - { key: a, program: A, phases: 2, currency: USD, billing: one_time, checkedOn: 2026-01-01, sourceUrl: "https://zz.example", sizes: [{ size: 1000, price: 10 }], rules: { profitTargetsPercent: [8] } }\n',
    );
    expect(() => loadPlanCatalog(dir)).toThrow(/1 profit targets for 2 phases/);
  });

  it('rejects an article whose slug is not its file name or whose date is not real', () => {
    const dir = copy();
    const front = (slug: string, date: string) =>
      `---\nslug: ${slug}\ntitle: T\nsummary: S\ntags: [x]\nlanguage: en\ncheckedOn: ${date}\npublishedAt: 2026-01-01\n---\nBody\n`;
    writeFileSync(join(dir, 'articles', 'zz-one.md'), front('zz-other', '2026-01-01'));
    expect(() => loadArticles(dir)).toThrow(/does not match the file name/);
    writeFileSync(join(dir, 'articles', 'zz-one.md'), front('zz-one', '2026-02-30'));
    expect(() => loadArticles(dir)).toThrow(/not a YYYY-MM-DD date/);
  });
});
