import type { Catalog, CatalogParam, ParamType, ParamValue } from '../catalog/types.js';
import type { LocalizedText } from '../text/i18n.js';

/** A plain, JSON-ready description of one input. */
export interface ParamSummary {
  number: string;
  name: string;
  type: ParamType;
  default: ParamValue;
  group: { number: number; label: LocalizedText };
  label: LocalizedText;
  risky: boolean;
}

export interface ParamDetail extends ParamSummary {
  description: LocalizedText;
  min: number | null;
  max: number | null;
  step: number | null;
  unit: LocalizedText | null;
  enumValues: Array<{ value: number; label: LocalizedText }> | null;
  related: Array<{ number: string; name: string; label: LocalizedText }>;
  cautions: LocalizedText[];
  testerOnly: boolean;
  oldNames: string[];
}

export function paramSummary(catalog: Catalog, p: CatalogParam): ParamSummary {
  const group = catalog.groups.find((g) => g.number === p.group);
  return {
    number: p.number,
    name: p.name,
    type: p.type,
    default: p.default,
    group: { number: p.group, label: group?.label ?? { ja: '', en: '' } },
    label: p.label,
    risky: p.risky,
  };
}

export function paramDetail(catalog: Catalog, p: CatalogParam): ParamDetail {
  return {
    ...paramSummary(catalog, p),
    description: p.description,
    min: p.min,
    max: p.max,
    step: p.step,
    unit: p.unit,
    enumValues: p.enumValues ? p.enumValues.map((e) => ({ value: e.value, label: e.label })) : null,
    related: p.related.flatMap((name) => {
      const r = catalog.byName.get(name);
      return r ? [{ number: r.number, name: r.name, label: r.label }] : [];
    }),
    cautions: p.cautions,
    testerOnly: p.testerOnly,
    oldNames: p.oldNames,
  };
}
