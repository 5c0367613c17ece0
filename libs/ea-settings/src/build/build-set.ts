import { EaSettingsError } from '../errors.js';
import { defaultCatalog } from '../catalog/default.js';
import { paramForName, resolveRef, suggestNames } from '../catalog/resolve.js';
import type { Catalog, CatalogParam, ParamValue } from '../catalog/types.js';
import { coerceInput, formatSetValue } from '../catalog/values.js';
import { diagnoseDocument } from '../diagnose/diagnose.js';
import type { Finding } from '../diagnose/types.js';
import { checkFormat } from '../diagnose/encoding-checks.js';
import { convertDocument } from '../setfile/convert.js';
import {
  documentText,
  insertLine,
  parseSetDocument,
  replaceLine,
  serializeSetDocument,
  type SetDocument,
  type SetFormat,
} from '../setfile/document.js';
import { collectEntries, entryLineWithValue } from '../setfile/entries.js';
import { paramLines, writeCompleteDocument } from '../setfile/writer.js';
import type { TextEncodingName } from '../text/encoding.js';
import { documentFromContent } from '../api/content.js';
import { checkChoice } from '../api/diagnose-set.js';

export type BuildBase = { preset: string } | { content: Uint8Array | string };

/** One change: `ref` is a name (current or old), a number such as "37-5" (full-width too) or a label. */
export interface BuildChange {
  ref: string;
  value: string | number | boolean;
}

export interface BuildSetInput {
  /** Defaults when omitted. */
  base?: BuildBase;
  changes: BuildChange[];
  /** Output dialect; default MT5, or the uploaded file's own dialect when `base` is content. */
  format?: SetFormat;
}

export interface AppliedChange {
  number: string;
  name: string;
  /** Previous value as written in the file (null when the input was missing). */
  from: string | null;
  to: string;
}

export interface BuildSetResult {
  fileName: string;
  format: SetFormat;
  encoding: TextEncodingName;
  bytes: Uint8Array;
  text: string;
  changes: AppliedChange[];
  findings: Finding[];
}

interface ValidChange {
  param: CatalogParam;
  value: ParamValue;
}

function validateChanges(catalog: Catalog, changes: unknown): ValidChange[] {
  if (!Array.isArray(changes)) throw new EaSettingsError('invalid_argument', 'changes must be an array', 'changes');
  return changes.map((raw: unknown, i) => {
    const change = raw as Partial<BuildChange> | null;
    if (typeof change?.ref !== 'string') throw new EaSettingsError('invalid_argument', 'ref must be a string', `changes[${i}].ref`);
    const param = resolveRef(catalog, change.ref);
    if (!param) {
      const hint = suggestNames(catalog, change.ref);
      throw new EaSettingsError(
        'unknown_param',
        `Unknown input "${change.ref}"${hint.length ? `; did you mean ${hint.join(', ')}?` : ''}`,
        `changes[${i}].ref`,
      );
    }
    const v = change.value;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      throw new EaSettingsError('invalid_value', `value of ${param.name} must be a string, number or boolean`, `changes[${i}].value`);
    }
    const parsed = coerceInput(param, v);
    if (!parsed.ok)
      throw new EaSettingsError(
        'invalid_value',
        `Invalid value for ${param.name} (${param.number}): ${parsed.detail}`,
        `changes[${i}].value`,
      );
    return { param, value: parsed.value };
  });
}

function presetValues(catalog: Catalog, presetId: string): Map<string, ParamValue> {
  const preset = catalog.presets.find((p) => p.id === presetId);
  if (!preset)
    throw new EaSettingsError(
      'unknown_preset',
      `Unknown preset "${presetId}"; known: ${catalog.presets.map((p) => p.id).join(', ')}`,
      'base.preset',
    );
  const values = new Map<string, ParamValue>(catalog.params.map((p) => [p.name, p.default]));
  for (const [name, value] of Object.entries(preset.values)) values.set(name, value);
  return values;
}

function buildFromValues(
  catalog: Catalog,
  base: Map<string, ParamValue>,
  changes: ValidChange[],
  format: SetFormat,
): { doc: SetDocument; applied: AppliedChange[] } {
  const values = new Map(base);
  const applied = new Map<string, AppliedChange>();
  for (const { param, value } of changes) {
    const from = formatSetValue(param, base.get(param.name) ?? param.default, format);
    const to = formatSetValue(param, value, format);
    values.set(param.name, value);
    if (from === to) applied.delete(param.name);
    else applied.set(param.name, { number: param.number, name: param.name, from, to });
  }
  return { doc: writeCompleteDocument(catalog, values, format), applied: [...applied.values()] };
}

/** Edits an uploaded file in place: only the lines of changed inputs are rewritten, missing inputs are appended. */
function editDocument(
  catalog: Catalog,
  source: SetDocument,
  changes: ValidChange[],
  requested: SetFormat | undefined,
): { doc: SetDocument; format: SetFormat; applied: AppliedChange[] } {
  const sourceFormat = checkFormat(source, 'auto').format;
  const format = requested ?? sourceFormat;
  const doc = format === sourceFormat ? source : convertDocument(catalog, source, sourceFormat, format);
  const applied = new Map<string, AppliedChange>();
  for (const { param, value } of changes) {
    const to = formatSetValue(param, value, format);
    const entry = collectEntries(doc).entries.find((e) => paramForName(catalog, e.name)?.param === param);
    const from = entry ? entry.value : null;
    if (from !== null && from.trim() === to) continue;
    if (entry) {
      const line = doc.lines[entry.lineIndex];
      if (line) replaceLine(doc, entry.lineIndex, entryLineWithValue(line.text, entry, to));
    } else {
      for (const text of paramLines(param, value, format)) insertLine(doc, doc.lines.length, text);
    }
    const previous = applied.get(param.name);
    applied.set(param.name, { number: param.number, name: param.name, from: previous ? previous.from : from, to });
  }
  return { doc, format, applied: [...applied.values()] };
}

/** `ea_build_set`: a `.set` from the defaults, a preset or an upload, with validated changes. */
export function buildSet(input: BuildSetInput, catalog: Catalog = defaultCatalog()): BuildSetResult {
  const requested = checkChoice(input.format, ['mt5', 'mt4'] as const, 'format');
  const changes = validateChanges(catalog, input.changes);
  const base = input.base;
  let built: { doc: SetDocument; format: SetFormat; applied: AppliedChange[] };
  let label: string;
  if (base && 'content' in base) {
    built = editDocument(catalog, documentFromContent(base.content, 'base.content'), changes, requested);
    label = 'edited';
  } else {
    const presetId = base && 'preset' in base ? base.preset : 'default';
    const format = requested ?? 'mt5';
    built = { ...buildFromValues(catalog, presetValues(catalog, presetId), changes, format), format };
    label = presetId;
  }
  const bytes = serializeSetDocument(built.doc);
  const findings = diagnoseDocument(catalog, parseSetDocument(bytes), built.format, 'live', null).findings;
  return {
    fileName: `${catalog.identity.fileStem}_${label}${changes.length ? '_custom' : ''}_${built.format}.set`,
    format: built.format,
    encoding: built.doc.encoding,
    bytes,
    text: documentText(built.doc),
    changes: built.applied,
    findings,
  };
}
