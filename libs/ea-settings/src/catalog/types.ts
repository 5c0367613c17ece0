import type { LocalizedText } from '../text/i18n.js';

export type ParamType = 'bool' | 'int' | 'double' | 'enum' | 'string' | 'color' | 'datetime' | 'timeframe';

/** A typed input value as the EA sees it (enum, timeframe, color and datetime are integers). */
export type ParamValue = boolean | number | string;

/** Extra syntax checked on string inputs. */
export type StringFormat = 'time' | 'time_list' | 'date_list' | 'currency_list' | 'symbol_list' | 'hotkey';

export interface EnumOptionData {
  value: number;
  label: LocalizedText;
}

/** Optional facts of an input in a catalog data file. */
export interface ParamExtra {
  min?: number;
  max?: number;
  step?: number;
  /** Key of a shared enum in {@link CatalogData.enums}. */
  enum?: string;
  /** Key of a unit in {@link CatalogData.units}. */
  unit?: string;
  related?: string[];
  cautions?: LocalizedText[];
  /** Grid, martingale and similar inputs that can blow an account. */
  risky?: boolean;
  format?: StringFormat;
  /** Added to the value when writing MT4 (e.g. -1 for ENUM_APPLIED_PRICE, which starts at 0 in MT4). */
  mt4ValueOffset?: number;
  /** Only meaningful in the strategy tester. */
  testerOnly?: boolean;
}

/**
 * One input in a catalog data file, compact so that hundreds stay readable:
 * [MQL name, type, default, label ja, label en, description ja, description en, extra].
 * Its number is the group number and its 1-based position in the group.
 */
export type ParamRow = readonly [
  name: string,
  type: ParamType,
  defaultValue: ParamValue,
  labelJa: string,
  labelEn: string,
  descriptionJa: string,
  descriptionEn: string,
  extra?: ParamExtra,
];

export interface GroupData {
  number: number;
  label: LocalizedText;
  description: LocalizedText;
  inputs: ParamRow[];
}

export interface PresetData {
  id: string;
  label: LocalizedText;
  description: LocalizedText;
  /** Input name → value, applied over the defaults. */
  values: Record<string, ParamValue>;
}

export interface EaIdentityData {
  name: string;
  /** File-name stem used for generated `.set`/`.ini` files and the tester's Expert path. */
  fileStem: string;
  version: string;
  platforms: Array<'mt5' | 'mt4'>;
  summary: LocalizedText;
  howToGet: LocalizedText;
  suitedFor: LocalizedText[];
  notSuitedFor: LocalizedText[];
  gettingStarted: LocalizedText[];
}

/** Everything that describes one EA version; swap it to describe another EA. */
export interface CatalogData {
  identity: EaIdentityData;
  enums: Record<string, EnumOptionData[]>;
  units: Record<string, LocalizedText>;
  groups: GroupData[];
  /** Old input name → current name, so that `.set` files of older EA versions still load. */
  renames: Array<{ from: string; to: string; since: string }>;
  presets: PresetData[];
}

/** A validated input with its number ("37-5"). */
export interface CatalogParam {
  number: string;
  group: number;
  index: number;
  name: string;
  type: ParamType;
  default: ParamValue;
  min: number | null;
  max: number | null;
  step: number | null;
  enumValues: EnumOptionData[] | null;
  unit: LocalizedText | null;
  label: LocalizedText;
  description: LocalizedText;
  related: string[];
  cautions: LocalizedText[];
  risky: boolean;
  testerOnly: boolean;
  format: StringFormat | null;
  mt4ValueOffset: number;
  oldNames: string[];
}

export interface CatalogGroup {
  number: number;
  label: LocalizedText;
  description: LocalizedText;
  params: CatalogParam[];
}

export interface Catalog {
  identity: EaIdentityData;
  groups: CatalogGroup[];
  params: CatalogParam[];
  presets: PresetData[];
  byName: ReadonlyMap<string, CatalogParam>;
  byLowerName: ReadonlyMap<string, CatalogParam>;
  byNumber: ReadonlyMap<string, CatalogParam>;
  renamed: ReadonlyMap<string, string>;
}
