import type { Catalog, CatalogParam, ParamValue } from '../catalog/types.js';
import { formatDouble, formatSetValue, type Platform } from '../catalog/values.js';
import { ansiEncodingFor, type TextEncodingName } from '../text/encoding.js';
import { emptySetDocument, insertLine, type SetDocument } from './document.js';
import type { RangeTail } from './grammar.js';

const hasRange = (p: CatalogParam): boolean => p.type !== 'string' && p.type !== 'color';

/** The optimisation range MT5 itself proposes for a value (start = value, stop = value × 10). */
function defaultRange(param: CatalogParam, value: ParamValue, platform: Platform): RangeTail {
  const v = Number(value);
  switch (param.type) {
    case 'bool':
      return platform === 'mt5' ? { start: 'false', step: '0', stop: 'true', flag: 'N' } : { start: '0', step: '0', stop: '1', flag: 'N' };
    case 'enum': {
      const values = param.enumValues?.map((e) => e.value) ?? [v];
      const shift = platform === 'mt4' ? param.mt4ValueOffset : 0;
      return { start: String(Math.min(...values) + shift), step: '0', stop: String(Math.max(...values) + shift), flag: 'N' };
    }
    case 'timeframe':
      return { start: '0', step: '0', stop: platform === 'mt5' ? '49153' : '43200', flag: 'N' };
    case 'double':
      return {
        start: formatDouble(v),
        step: (param.step ?? Math.abs(v / 10)).toFixed(6),
        stop: (v === 0 ? (param.max ?? 0) : v * 10).toFixed(6),
        flag: 'N',
      };
    default:
      return { start: String(v), step: String(param.step ?? 1), stop: String(v === 0 ? (param.max ?? 0) : v * 10), flag: 'N' };
  }
}

function mt5ParamLine(param: CatalogParam, value: ParamValue, range: RangeTail | null): string {
  const text = `${param.name}=${formatSetValue(param, value, 'mt5')}`;
  if (!hasRange(param)) return text;
  const r = range ?? defaultRange(param, value, 'mt5');
  return `${text}||${r.start}||${r.step}||${r.stop}||${r.flag}`;
}

/** MT4 writes `Name=value` plus `,F` (optimise 0/1) and `,1`/`,2`/`,3` (start/step/stop) for non-strings. */
function mt4ParamLines(param: CatalogParam, value: ParamValue, range: RangeTail | null): string[] {
  const lines = [`${param.name}=${formatSetValue(param, value, 'mt4')}`];
  if (!hasRange(param)) return lines;
  const r = range ?? defaultRange(param, value, 'mt4');
  lines.push(
    `${param.name},F=${r.flag === 'Y' ? 1 : 0}`,
    `${param.name},1=${r.start}`,
    `${param.name},2=${r.step}`,
    `${param.name},3=${r.stop}`,
  );
  return lines;
}

export function paramLines(param: CatalogParam, value: ParamValue, format: Platform, range: RangeTail | null = null): string[] {
  return format === 'mt5' ? [mt5ParamLine(param, value, range)] : mt4ParamLines(param, value, range);
}

/** Encoding a writer uses: MT5 writes UTF-16LE with BOM, MT4 the ANSI code page the text needs. */
export function outputEncoding(format: Platform, text: string): TextEncodingName {
  return format === 'mt5' ? 'utf-16le-bom' : ansiEncodingFor(text);
}

/** A complete `.set` with every catalog input, in catalog order, with `; group` lines for MT5. */
export function writeCompleteDocument(catalog: Catalog, values: ReadonlyMap<string, ParamValue>, format: Platform): SetDocument {
  const texts: string[] = [];
  for (const group of catalog.groups) {
    if (format === 'mt5') texts.push(`; ${group.number}. ${group.label.en} / ${group.label.ja}`);
    for (const p of group.params) texts.push(...paramLines(p, values.get(p.name) ?? p.default, format));
  }
  const doc = emptySetDocument(outputEncoding(format, texts.join('\n')));
  for (const t of texts) insertLine(doc, doc.lines.length, t);
  doc.syntaxFormat = format;
  return doc;
}
