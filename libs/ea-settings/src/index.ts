/**
 * @propfolio/ea-settings: the EA settings engine. Pure TypeScript (no file system, network or framework):
 * text or bytes in, text or bytes out. Every function takes an optional catalog as its last argument
 * (default: the built-in one), so another EA or version only needs other catalog data.
 */
export { EaSettingsError, type EaSettingsErrorCode } from './errors.js';
export type { PropFirmRules } from './firm.js';
export type { LocalizedText, Lang } from './text/i18n.js';
export type { TextEncodingName } from './text/encoding.js';
export { foldText } from './text/fold.js';
export { editDistance } from './text/distance.js';
export type { SetFormat } from './setfile/document.js';

export { eaOverview, type EaOverview } from './explore/overview.js';
export { searchParams, type SearchParamsInput, type SearchParamsResult } from './explore/search.js';
export { explainParam } from './explore/explain.js';
export type { ParamSummary, ParamDetail } from './explore/param-view.js';

export { diagnoseSet, type DiagnoseSetInput, type DiagnoseSetResult } from './api/diagnose-set.js';
export type { Finding, FindingFix, FindingSummary, Severity } from './diagnose/types.js';
export {
  buildSet,
  type BuildSetInput,
  type BuildSetResult,
  type BuildBase,
  type BuildChange,
  type AppliedChange,
} from './build/build-set.js';
export { convertSet, type ConvertSetInput, type ConvertSetResult } from './api/convert-set.js';
export { MAX_CONTENT_BYTES } from './api/content.js';
export { propPreset, type PropPresetInput, type PropPresetResult, type PresetRecommendation } from './prop/prop-preset.js';
export { backtestIni, type BacktestIniInput, type BacktestIniResult, type TesterInputs, type TesterChange } from './ini/backtest-ini.js';
export type { Pitfall } from './ini/pitfalls.js';

export { loadCatalog } from './catalog/load.js';
export { defaultCatalog } from './catalog/default.js';
export type {
  Catalog,
  CatalogData,
  CatalogParam,
  ParamRow,
  ParamExtra,
  ParamType,
  ParamValue,
  GroupData,
  PresetData,
  EaIdentityData,
  EnumOptionData,
} from './catalog/types.js';
