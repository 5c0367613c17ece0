import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { catalogDataDir } from '../src/data-dir.js';
import { loadFirmRecords, loadPlanCatalog } from '../src/data/plan-files.js';
import { CrossAccountDirectory, firmOfChallenge } from '../src/cross-account/firm-cross-account.js';

const dataDir = catalogDataDir();

describe("firms' rules across one trader's accounts", () => {
  const { firms } = loadPlanCatalog(dataDir);
  const of = (slug: string) => firms.find((f) => f.slug === slug)?.crossAccount ?? null;

  it('state hedging across accounts, the allocation cap and copy trading where a source gives them, each dated with its kind', () => {
    expect(of('e8-markets')).toMatchObject({
      hedging: { value: 'forbidden', source: { url: expect.stringContaining('help.e8markets.com'), readOn: '2026-11-29', kind: 'firm' } },
      allocationCap: { amount: 400000, currency: 'USD', counts: 'funded', source: { kind: 'firm' } },
    });
    expect(of('ftmo')).toMatchObject({ hedging: { value: 'forbidden' }, allocationCap: { amount: 400000, counts: 'funded' } });
    expect(of('fintokei')?.hedging).toMatchObject({ value: 'forbidden', source: { kind: 'firm' } });
    expect(of('fintokei')?.allocationCap).toBeUndefined();
    expect(of('fundingpips')?.allocationCap).toMatchObject({ amount: 300000, counts: 'all', source: { kind: 'third_party' } });
    expect(of('the5ers')?.copyTrading).toMatchObject({ maxAllocation: 500000, currency: 'USD', source: { kind: 'third_party' } });
    // Unknown stays unknown: no firm without a source gets a rule.
    expect(of('maven')).toBeNull();
    expect(of('the5ers')?.hedging).toBeUndefined();
  });

  it("keep both sides where sources disagree (FundedNext's cap: third parties vs the firm's copy-trading page)", () => {
    const cap = of('fundednext')?.allocationCap;
    expect(cap).toMatchObject({ amount: 300000, counts: 'funded', source: { kind: 'third_party' } });
    expect(cap?.disputed?.[0]?.source).toMatchObject({ url: expect.stringContaining('help.fundednext.com'), kind: 'firm' });
  });

  it('read alike from the firm-level part of the files alone (what the service keeps) and from the whole files', () => {
    expect(loadFirmRecords(dataDir)).toEqual(firms);
  });

  it('mark every third-party fact with a note saying why', () => {
    for (const firm of firms) {
      for (const fact of Object.values(firm.crossAccount ?? {})) {
        if (fact.source.kind === 'third_party') expect(fact.note).toMatch(/third part/);
      }
    }
  });

  it("find a challenge's firm by its plan id first, else by name or alias", () => {
    expect(firmOfChallenge(firms, 'whatever', 'e8-markets-e8-one')?.slug).toBe('e8-markets');
    expect(firmOfChallenge(firms, 'The 5ers', null)?.slug).toBe('the5ers');
    expect(firmOfChallenge(firms, 'フィントケイ', null)?.slug).toBe('fintokei');
    expect(firmOfChallenge(firms, 'Nobody Capital', null)).toBeNull();
    expect(new CrossAccountDirectory(() => dataDir).of('E8', null)?.rules.hedging?.value).toBe('forbidden');
  });

  it('refuse a copy-trading cap without its currency and a date that is not one, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-xacct-'));
    cpSync(dataDir, dir, { recursive: true });
    const file = join(dir, 'firms', 'the5ers.yaml');
    const yaml = readFileSync(file, 'utf8');
    writeFileSync(file, yaml.replace('    maxAllocation: 500000\n    currency: USD\n', '    maxAllocation: 500000\n'));
    expect(() => loadPlanCatalog(dir)).toThrow(/the5ers\.yaml crossAccount\.copyTrading: maxAllocation 500000 needs its currency/);
    expect(() => loadFirmRecords(dir)).toThrow(/the5ers\.yaml crossAccount\.copyTrading: maxAllocation 500000 needs its currency/);
    writeFileSync(file, yaml.replace('readOn: 2026-11-29, kind: third_party }', 'readOn: 2026-02-30, kind: third_party }'));
    expect(() => loadPlanCatalog(dir)).toThrow(/the5ers\.yaml crossAccount\.copyTrading\.source\.readOn/);
  });
});
