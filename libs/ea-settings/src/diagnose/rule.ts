import type { Catalog, ParamValue } from '../catalog/types.js';
import type { LocalizedText } from '../text/i18n.js';
import { setValueFix, type Purpose, type ResolvedValues } from './entry-checks.js';
import type { Finding, Severity } from './types.js';

/** Typed read access to the effective input values. */
export interface Values {
  b(name: string): boolean;
  n(name: string): number;
  s(name: string): string;
}

/** A check over several inputs (or inputs and a firm's rules), with its fix. */
export interface Rule<C> {
  code: string;
  severity: Severity | ((v: Values, ctx: C) => Severity);
  /** The input the finding points at and the fix sets. */
  target: string;
  /** Every input the rule reads; the rule is skipped when a swapped-in catalog lacks one. */
  inputs: readonly string[];
  only?: Purpose;
  broken(v: Values, ctx: C): boolean;
  fix(v: Values, ctx: C): ParamValue | null;
  message(v: Values, ctx: C): LocalizedText;
}

function valuesOf(map: ReadonlyMap<string, ParamValue>): Values {
  return {
    b: (name) => map.get(name) === true,
    n: (name) => Number(map.get(name) ?? 0),
    s: (name) => String(map.get(name) ?? ''),
  };
}

export function evaluateRules<C>(
  rules: readonly Rule<C>[],
  catalog: Catalog,
  resolved: ResolvedValues,
  ctx: C,
  purpose: Purpose,
): Finding[] {
  const v = valuesOf(resolved.values);
  const findings: Finding[] = [];
  for (const rule of rules) {
    if (rule.only && rule.only !== purpose) continue;
    if (!rule.inputs.every((name) => catalog.byName.has(name))) continue;
    if (!rule.broken(v, ctx)) continue;
    const param = catalog.byName.get(rule.target);
    const fixValue = rule.fix(v, ctx);
    const where = resolved.locations.get(rule.target);
    findings.push({
      severity: typeof rule.severity === 'function' ? rule.severity(v, ctx) : rule.severity,
      code: rule.code,
      number: param?.number ?? null,
      name: rule.target,
      line: where?.line ?? null,
      column: where?.column ?? null,
      message: rule.message(v, ctx),
      fix: param && fixValue !== null ? setValueFix(param, fixValue) : null,
    });
  }
  return findings;
}
