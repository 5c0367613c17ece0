import { defaultCatalog } from '../catalog/default.js';
import type { Catalog } from '../catalog/types.js';
import { checkFormat } from '../diagnose/encoding-checks.js';
import { EaSettingsError } from '../errors.js';
import { convertDocument } from '../setfile/convert.js';
import { documentText, serializeSetDocument, type SetFormat } from '../setfile/document.js';
import type { TextEncodingName } from '../text/encoding.js';
import { documentFromContent } from './content.js';

export interface ConvertSetInput {
  content: Uint8Array | string;
  to: SetFormat;
}

export interface ConvertSetResult {
  from: SetFormat;
  to: SetFormat;
  encoding: TextEncodingName;
  bytes: Uint8Array;
  text: string;
}

/** MT4 ↔ MT5 `.set` conversion (a file already in the target dialect comes back unchanged). */
export function convertSet(input: ConvertSetInput, catalog: Catalog = defaultCatalog()): ConvertSetResult {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- published API: JS callers are not type-checked, so the input is checked at run time
  if (input.to !== 'mt5' && input.to !== 'mt4') throw new EaSettingsError('invalid_argument', 'to must be mt5 or mt4', 'to');
  const doc = documentFromContent(input.content, 'content');
  const from = checkFormat(doc, 'auto').format;
  const out = from === input.to ? doc : convertDocument(catalog, doc, from, input.to);
  return { from, to: input.to, encoding: out.encoding, bytes: serializeSetDocument(out), text: documentText(out) };
}
