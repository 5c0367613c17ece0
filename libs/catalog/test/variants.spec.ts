/**
 * Rules by stage, platform and purchase date, and each rule's provenance: what the import accepts, what it
 * refuses (naming both variants or the unknown word), and the source kind it fills in.
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { rulesInContext } from '@propfolio/coach';
import { catalogDataDir } from '../src/data-dir.js';
import { loadPlanCatalog } from '../src/data/plan-files.js';

/** A copy of the catalog with one more firm file, whose one program has `rules` (YAML, indented 6). */
function catalogWith(rules: string, phases = 2): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-variants-'));
  cpSync(catalogDataDir(), dir, { recursive: true });
  writeFileSync(
    join(dir, 'firms', 'zz.yaml'),
    [
      'slug: zz',
      'name: ZZ',
      'website: https://www.zz-firm.example',
      'programs:',
      `  - { key: a, program: A, phases: ${phases}, currency: USD, billing: one_time, checkedOn: 2026-01-01, sourceUrl: "https://zz-firm.example/rules",`,
      '      sizes: [{ size: 100000, price: 500 }] }',
      '',
    ]
      .join('\n')
      .replace(' }\n', `, rules: {} }\n`),
  );
  // The program's rules as YAML are appended as a block in place of the inline `{}`.
  const file = join(dir, 'firms', 'zz.yaml');
  writeFileSync(
    file,
    [
      'slug: zz',
      'name: ZZ',
      'website: https://www.zz-firm.example',
      'programs:',
      '  - key: a',
      '    program: A',
      `    phases: ${phases}`,
      '    currency: USD',
      '    billing: one_time',
      '    checkedOn: 2026-01-01',
      '    sourceUrl: "https://zz-firm.example/rules"',
      '    sizes: [{ size: 100000, price: 500 }]',
      '    rules:',
      rules,
      '',
    ].join('\n'),
  );
  return dir;
}

const plan = (dir: string) => loadPlanCatalog(dir).plans.find((p) => p.id === 'zz-a-100000')!;

describe('rule variants at import', () => {
  it('stores variants by stage, platform and purchase date, and the coach applies the one that fits', () => {
    const dir = catalogWith(`      profitTargetsPercent: [8, 6]
      weekendHolding: allowed
      sources: { profitTargetsPercent: { url: "https://help.zz-firm.example/targets", readOn: 2026-11-29 } }
      variants:
        - when: { stages: [funded] }
          rules: { weekendHolding: banned }
          source: { url: "https://help.zz-firm.example/weekend", readOn: 2026-11-29 }
        - when: { purchasedBefore: 2024-11-22 }
          rules: { profitTargetsPercent: [8, 5] }
          source: { url: "https://blog.example/targets", readOn: 2026-11-29 }`);
    const rules = plan(dir).rules;
    expect(rules.variants).toHaveLength(2);
    // Kinds filled in from the firm's domain: its help subdomain is the firm's, a blog is not.
    expect(rules.variants?.[0]?.source.kind).toBe('firm');
    expect(rules.variants?.[1]?.source.kind).toBe('third_party');
    expect(rules.sources?.['profitTargetsPercent']?.kind).toBe('firm');
    const at = (stage: 'phase1' | 'funded', purchasedOn: string) => rulesInContext(rules, { stage, platform: null, purchasedOn });
    expect(at('phase1', '2025-01-01')).toMatchObject({ weekendHolding: 'allowed', profitTargetsPercent: [8, 6] });
    expect(at('funded', '2025-01-01')).toMatchObject({ weekendHolding: 'banned' });
    expect(at('phase1', '2024-11-21')).toMatchObject({ profitTargetsPercent: [8, 5] });
    expect(at('phase1', '2024-11-22')).toMatchObject({ profitTargetsPercent: [8, 6] });
    expect(at('funded', '2025-01-01')).not.toHaveProperty('variants');
  });

  it('refuses two variants that can apply to the same stage, platform and date and set the same field, naming both', () => {
    const dir = catalogWith(`      dailyLoss: { percent: 5, amountOf: initial_balance, basis: day_start_balance }
      variants:
        - when: { platforms: [topstepx], purchasedFrom: 2024-08-25 }
          rules: { dailyLoss: none }
          source: { url: "https://help.zz-firm.example/a", readOn: 2026-11-29 }
        - when: { platforms: [topstepx, rithmic], purchasedBefore: 2025-01-01 }
          rules: { dailyLoss: { percent: 3 } }
          source: { url: "https://help.zz-firm.example/b", readOn: 2026-11-29 }`);
    expect(() => loadPlanCatalog(dir)).toThrow(
      /zz-a-100000\).*variants\[0\] \(platforms topstepx, purchased from 2024-08-25\) and variants\[1\] \(platforms topstepx\/rithmic, purchased before 2025-01-01\) can both apply .* both set dailyLoss/,
    );
  });

  it('accepts variants on the same field whose dates, stages or platforms never meet', () => {
    const dir = catalogWith(`      dailyLoss: { percent: 5, amountOf: initial_balance, basis: day_start_balance }
      variants:
        - when: { platforms: [topstepx], purchasedFrom: 2024-08-25 }
          rules: { dailyLoss: none }
          source: { url: "https://help.zz-firm.example/a", readOn: 2026-11-29 }
        - when: { platforms: [topstepx], purchasedBefore: 2024-08-25 }
          rules: { dailyLoss: { percent: 3 } }
          source: { url: "https://help.zz-firm.example/b", readOn: 2026-11-29 }
        - when: { stages: [funded], platforms: [rithmic] }
          rules: { dailyLoss: { basis: day_start_equity } }
          source: { url: "https://help.zz-firm.example/c", readOn: 2026-11-29 }`);
    expect(plan(dir).rules.variants).toHaveLength(3);
  });

  it('refuses an unknown stage, a stage the program lacks, an unknown platform and an empty date range', () => {
    const variant = (when: string) => `      weekendHolding: allowed
      variants:
        - when: ${when}
          rules: { weekendHolding: banned }
          source: { url: "https://help.zz-firm.example/a", readOn: 2026-11-29 }`;
    expect(() => loadPlanCatalog(catalogWith(variant('{ stages: [phase4] }')))).toThrow(
      /variants\[0\]\.when: unknown stage "phase4" \(stages are phase1, phase2, phase3, funded\)/,
    );
    expect(() => loadPlanCatalog(catalogWith(variant('{ stages: [phase3] }')))).toThrow(/stage phase3 on a program of 2 phase/);
    expect(() => loadPlanCatalog(catalogWith(variant('{ platforms: [mt6] }')))).toThrow(/unknown platform "mt6"/);
    expect(() => loadPlanCatalog(catalogWith(variant('{ purchasedFrom: 2025-01-01, purchasedBefore: 2024-01-01 }')))).toThrow(
      /purchasedFrom 2025-01-01 is not before purchasedBefore 2024-01-01/,
    );
    expect(() => loadPlanCatalog(catalogWith(variant('{ purchasedFrom: 2025-02-30 }')))).toThrow(/2025-02-30" is not a YYYY-MM-DD date/);
  });

  it('checks the rules a variant makes as it checks the default (a target list of the wrong length)', () => {
    const dir = catalogWith(`      profitTargetsPercent: [8, 6]
      variants:
        - when: { purchasedBefore: 2024-11-22 }
          rules: { profitTargetsPercent: [8] }
          source: { url: "https://help.zz-firm.example/a", readOn: 2026-11-29 }`);
    expect(() => loadPlanCatalog(dir)).toThrow(/variants\[0\]: 1 profit targets for 2 phases/);
  });

  it('keeps a disputed value beside the value used, and lists unpublished rules, refusing one the data states', () => {
    const dir = catalogWith(`      maxLoss:
        percent: 10
        type: static
        source: { url: "https://help.zz-firm.example/max", readOn: 2026-11-29 }
        disputed:
          - value: { percent: 12 }
            source: { url: "https://blog.example/max", readOn: 2026-11-29 }
            note: "The firm's own page says 10%."
      unpublished: [dailyLoss.basis, { rule: timeLimit, note: "No page states a time limit." }]`);
    const rules = plan(dir).rules;
    const max = rules.maxLoss as { percent: number; source: { kind: string }; disputed: { source: { kind: string } }[] };
    expect(max).toMatchObject({ percent: 10, source: { kind: 'firm' } });
    expect(max.disputed[0]?.source.kind).toBe('third_party');
    expect(rules.unpublished).toEqual([
      { rule: 'dailyLoss.basis', note: null },
      { rule: 'timeLimit', note: 'No page states a time limit.' },
    ]);
    const stated = catalogWith(`      timeLimit: none
      unpublished: [timeLimit]`);
    expect(() => loadPlanCatalog(stated)).toThrow(/unpublished names timeLimit, but the rules state it: "none"/);
  });
});
