import { EaSettingsError } from '../errors.js';
import { coerceInput } from './values.js';
import type { Catalog, CatalogData, CatalogGroup, CatalogParam, ParamRow, ParamType, ParamValue } from './types.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const TYPES: readonly ParamType[] = ['bool', 'int', 'double', 'enum', 'string', 'color', 'datetime', 'timeframe'];

function expectedJsType(type: ParamType): 'boolean' | 'number' | 'string' {
  if (type === 'bool') return 'boolean';
  return type === 'string' ? 'string' : 'number';
}

function toParam(data: CatalogData, group: number, index: number, row: ParamRow, problems: string[]): CatalogParam {
  const [name, type, defaultValue, labelJa, labelEn, descriptionJa, descriptionEn, extra = {}] = row;
  const where = `${group}-${index} ${name}`;
  if (!NAME.test(name)) problems.push(`${where}: invalid MQL name`);
  if (!TYPES.includes(type)) problems.push(`${where}: unknown type ${type}`);
  if (typeof defaultValue !== expectedJsType(type)) problems.push(`${where}: default has the wrong type`);
  if (!labelJa || !labelEn || !descriptionJa || !descriptionEn) problems.push(`${where}: label and description need ja and en`);
  const enumValues = extra.enum === undefined ? null : (data.enums[extra.enum] ?? null);
  if ((type === 'enum') !== (enumValues !== null)) problems.push(`${where}: enum inputs (and only they) need a known enum key`);
  const unit = extra.unit === undefined ? null : (data.units[extra.unit] ?? null);
  if (extra.unit !== undefined && unit === null) problems.push(`${where}: unknown unit ${extra.unit}`);
  return {
    number: `${group}-${index}`,
    group,
    index,
    name,
    type,
    default: defaultValue,
    min: extra.min ?? null,
    max: extra.max ?? null,
    step: extra.step ?? null,
    enumValues,
    unit,
    label: { ja: labelJa, en: labelEn },
    description: { ja: descriptionJa, en: descriptionEn },
    related: extra.related ?? [],
    cautions: extra.cautions ?? [],
    risky: extra.risky ?? false,
    testerOnly: extra.testerOnly ?? false,
    format: extra.format ?? null,
    mt4ValueOffset: extra.mt4ValueOffset ?? 0,
    oldNames: data.renames.filter((r) => r.to === name).map((r) => r.from),
  };
}

function checkValue(param: CatalogParam, value: ParamValue, where: string, problems: string[]): void {
  const parsed = coerceInput(param, value);
  if (!parsed.ok) problems.push(`${where}: ${parsed.detail}`);
}

/**
 * Validates catalog data and indexes it. Throws `EaSettingsError('invalid_catalog')` listing every problem,
 * so a swapped-in catalog fails loudly at load time rather than in a diagnosis.
 */
export function loadCatalog(data: CatalogData): Catalog {
  const problems: string[] = [];
  const groups: CatalogGroup[] = [];
  const byName = new Map<string, CatalogParam>();
  const byLowerName = new Map<string, CatalogParam>();
  const byNumber = new Map<string, CatalogParam>();
  const seenGroups = new Set<number>();
  for (const g of data.groups) {
    if (!Number.isInteger(g.number) || g.number < 1 || seenGroups.has(g.number))
      problems.push(`group ${g.number}: number must be a unique positive integer`);
    seenGroups.add(g.number);
    const params = g.inputs.map((row, i) => toParam(data, g.number, i + 1, row, problems));
    for (const p of params) {
      if (byLowerName.has(p.name.toLowerCase())) problems.push(`${p.number}: duplicate name ${p.name}`);
      byName.set(p.name, p);
      byLowerName.set(p.name.toLowerCase(), p);
      byNumber.set(p.number, p);
      checkValue(p, p.default, `${p.number} ${p.name} default`, problems);
    }
    groups.push({ number: g.number, label: g.label, description: g.description, params });
  }
  const params = groups.flatMap((g) => g.params);
  for (const p of params) {
    for (const r of p.related) if (!byName.has(r)) problems.push(`${p.number} ${p.name}: related input ${r} does not exist`);
  }
  const renamed = new Map<string, string>();
  for (const r of data.renames) {
    if (!byName.has(r.to)) problems.push(`rename ${r.from}: target ${r.to} does not exist`);
    if (byLowerName.has(r.from.toLowerCase())) problems.push(`rename ${r.from}: old name is still a current input`);
    renamed.set(r.from.toLowerCase(), r.to);
  }
  for (const preset of data.presets) {
    for (const [name, value] of Object.entries(preset.values)) {
      const p = byName.get(name);
      if (p) checkValue(p, value, `preset ${preset.id} ${name}`, problems);
      else problems.push(`preset ${preset.id}: unknown input ${name}`);
    }
  }
  if (problems.length > 0) {
    throw new EaSettingsError('invalid_catalog', `Invalid EA catalog:\n${problems.join('\n')}`);
  }
  return { identity: data.identity, groups, params, presets: data.presets, byName, byLowerName, byNumber, renamed };
}
