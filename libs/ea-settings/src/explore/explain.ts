import { defaultCatalog } from '../catalog/default.js';
import { resolveRef, suggestNames } from '../catalog/resolve.js';
import type { Catalog } from '../catalog/types.js';
import { EaSettingsError } from '../errors.js';
import { paramDetail, type ParamDetail } from './param-view.js';

/** `ea_explain_param`: everything about one input, by name (current or old), number ("37-5", "３７ー５") or label. */
export function explainParam(ref: string, catalog: Catalog = defaultCatalog()): ParamDetail {
  if (typeof ref !== 'string' || ref.trim() === '') throw new EaSettingsError('invalid_argument', 'ref must be a non-empty string', 'ref');
  const param = resolveRef(catalog, ref);
  if (!param) {
    const hint = suggestNames(catalog, ref);
    throw new EaSettingsError('unknown_param', `Unknown input "${ref}"${hint.length ? `; did you mean ${hint.join(', ')}?` : ''}`, 'ref');
  }
  return paramDetail(catalog, param);
}
