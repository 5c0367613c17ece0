import { mt4CodeToMt5, mt5CodeToMt4, timeframeByMt5Code, timeframeByName } from '../mt/timeframes.js';
import { foldText } from '../text/fold.js';
import type { CatalogParam, ParamValue, StringFormat } from './types.js';

export type Platform = 'mt5' | 'mt4';

export type ValueProblemCode =
  | 'invalid_type'
  | 'decimal_comma'
  | 'out_of_range'
  | 'invalid_enum'
  | 'invalid_bool'
  | 'invalid_timeframe'
  | 'invalid_format'
  | 'string_too_long';

export type ParsedValue =
  { ok: true; value: ParamValue; numericBool: boolean } | { ok: false; code: ValueProblemCode; suggestion: ParamValue; detail: string };

const INT = /^[+-]?\d+$/;
const DOUBLE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const COMMA_DECIMAL = /^[+-]?\d+,\d+$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^(\d{4})\.(\d{2})\.(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const CLR_NONE = 4294967295;
/** MQL5 limits the whole `name=value` line to 255 characters. */
const MAX_LINE = 255;

const FORMAT_PATTERNS: Record<StringFormat, RegExp> = {
  time: /^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/,
  time_list: /^(?:(?:[01]\d|2[0-3]):[0-5]\d(?:\s*,\s*(?:[01]\d|2[0-3]):[0-5]\d)*)?$/,
  date_list: /^(?:\d{4}\.\d{2}\.\d{2}(?:\s*,\s*\d{4}\.\d{2}\.\d{2})*)?$/,
  currency_list: /^(?:[A-Za-z]{3}(?:\s*,\s*[A-Za-z]{3})*)?$/,
  symbol_list: /^(?:[A-Za-z0-9._#+-]+(?:\s*,\s*[A-Za-z0-9._#+-]+)*)?$/,
  hotkey: /^[A-Za-z0-9]$/,
};

const fail = (code: ValueProblemCode, suggestion: ParamValue, detail: string): ParsedValue => ({ ok: false, code, suggestion, detail });
const ok = (value: ParamValue, numericBool = false): ParsedValue => ({ ok: true, value, numericBool });

function clamp(param: CatalogParam, n: number): number {
  let v = n;
  if (param.min !== null && v < param.min) v = param.min;
  if (param.max !== null && v > param.max) v = param.max;
  return v;
}

function checkRange(param: CatalogParam, n: number): ParsedValue {
  if ((param.min !== null && n < param.min) || (param.max !== null && n > param.max)) {
    return fail('out_of_range', clamp(param, n), `${n} is outside ${param.min ?? '-∞'}..${param.max ?? '∞'}`);
  }
  return ok(n);
}

function parseDatetime(raw: string): number | undefined {
  if (INT.test(raw)) return Number(raw);
  const m = DATE.exec(raw);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x: string | undefined) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms / 1000 : undefined;
}

function parseNumber(param: CatalogParam, raw: string, integer: boolean): ParsedValue {
  if (COMMA_DECIMAL.test(raw)) {
    const n = Number(raw.replace(',', '.'));
    return fail('decimal_comma', clamp(param, integer ? Math.round(n) : n), `"${raw}" uses a decimal comma`);
  }
  if (integer ? !INT.test(raw) : !DOUBLE.test(raw)) {
    const n = Number.parseFloat(raw);
    const suggestion = Number.isFinite(n) ? clamp(param, integer ? Math.round(n) : n) : param.default;
    return fail('invalid_type', suggestion, `"${raw}" is not ${integer ? 'an integer' : 'a number'}`);
  }
  return checkRange(param, Number(raw));
}

/**
 * Reads a value as written in a `.set` file of `platform` and converts it to the MT5 meaning
 * (MT4 timeframes are minutes, MT4 applied prices start at 0).
 */
export function parseSetValue(param: CatalogParam, rawText: string, platform: Platform): ParsedValue {
  const raw = param.type === 'string' ? rawText : rawText.trim();
  switch (param.type) {
    case 'bool': {
      const lower = raw.toLowerCase();
      if (lower === 'true' || lower === 'false') return ok(lower === 'true');
      if (raw === '1' || raw === '0') return ok(raw === '1', platform === 'mt5');
      return fail('invalid_bool', param.default, `"${raw}" is not true/false`);
    }
    case 'int':
      return parseNumber(param, raw, true);
    case 'double':
      return parseNumber(param, raw, false);
    case 'enum': {
      if (!INT.test(raw)) return fail('invalid_type', param.default, `"${raw}" is not an enum number`);
      const n = Number(raw) - (platform === 'mt4' ? param.mt4ValueOffset : 0);
      if (!param.enumValues?.some((e) => e.value === n)) {
        return fail('invalid_enum', param.default, `${n} is not one of ${param.enumValues?.map((e) => e.value).join(', ')}`);
      }
      return ok(n);
    }
    case 'timeframe': {
      if (!INT.test(raw)) return fail('invalid_type', param.default, `"${raw}" is not a timeframe code`);
      const n = Number(raw);
      const code = platform === 'mt4' ? mt4CodeToMt5(n) : n === 0 || timeframeByMt5Code(n) ? n : undefined;
      if (code === undefined) {
        const asMinutes = platform === 'mt5' ? mt4CodeToMt5(n) : undefined;
        return fail('invalid_timeframe', asMinutes ?? param.default, `${n} is not a ${platform.toUpperCase()} timeframe code`);
      }
      return ok(code);
    }
    case 'color': {
      if (!INT.test(raw)) return fail('invalid_type', param.default, `"${raw}" is not a colour number`);
      const n = Number(raw);
      return n === CLR_NONE || (n >= 0 && n <= 0xffffff) ? ok(n) : fail('out_of_range', param.default, `${n} is not a colour`);
    }
    case 'datetime': {
      const t = parseDatetime(raw);
      return t === undefined ? fail('invalid_type', param.default, `"${raw}" is not a date (YYYY.MM.DD HH:MM or seconds)`) : ok(t);
    }
    case 'string': {
      if (param.name.length + 1 + raw.length > MAX_LINE) {
        return fail('string_too_long', raw.slice(0, MAX_LINE - param.name.length - 1), `name=value is longer than ${MAX_LINE} characters`);
      }
      if (param.format && !FORMAT_PATTERNS[param.format].test(raw)) {
        return fail('invalid_format', param.default, `"${raw}" does not match the ${param.format} format`);
      }
      return ok(raw);
    }
  }
}

function trimZeros(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '.0') : fixed;
}

/** Invariant formatting: never a decimal comma, at least one decimal (as MT5 writes `0.0`). */
export function formatDouble(n: number): string {
  const s = String(n);
  if (/e/i.test(s)) return trimZeros(n.toFixed(10));
  return s.includes('.') ? s : `${s}.0`;
}

/** Text of a typed value in a `.set` file of `platform`. */
export function formatSetValue(param: CatalogParam, value: ParamValue, platform: Platform): string {
  switch (param.type) {
    case 'bool':
      return platform === 'mt5' ? String(value === true) : value === true ? '1' : '0';
    case 'double':
      return platform === 'mt5' ? formatDouble(Number(value)) : Number(value).toFixed(8);
    case 'enum':
      return String(Number(value) + (platform === 'mt4' ? param.mt4ValueOffset : 0));
    case 'timeframe':
      return String(platform === 'mt4' ? (mt5CodeToMt4(Number(value)) ?? Number(value)) : Number(value));
    case 'string':
      return String(value);
    default:
      return String(Math.trunc(Number(value)));
  }
}

function enumByLabel(param: CatalogParam, text: string): number | undefined {
  const folded = foldText(text);
  return param.enumValues?.find((e) => foldText(e.label.en) === folded || foldText(e.label.ja) === folded)?.value;
}

function colourFromHex(text: string): number | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  if (!m) return undefined;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => Number.parseInt(x ?? '0', 16)) as [number, number, number];
  return (b << 16) | (g << 8) | r;
}

/**
 * Reads a value given by a caller (build changes, presets): the `.set` syntax plus friendlier forms
 * (yes/no/on/off, `H1`/`Daily`, enum labels, `#RRGGBB`, full-width digits).
 */
export function coerceInput(param: CatalogParam, input: string | number | boolean): ParsedValue {
  if (typeof input === 'boolean') {
    return param.type === 'bool' ? ok(input) : fail('invalid_type', param.default, `a boolean is not valid for ${param.type}`);
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('invalid_type', param.default, `${input} is not a finite number`);
    if (param.type === 'double') return checkRange(param, input);
    return parseSetValue(param, String(input), 'mt5');
  }
  const text = param.type === 'string' ? input : input.normalize('NFKC').trim();
  if (param.type === 'bool') {
    const lower = text.toLowerCase();
    if (['yes', 'on', 'y'].includes(lower)) return ok(true);
    if (['no', 'off', 'n'].includes(lower)) return ok(false);
  }
  if (param.type === 'timeframe' && !INT.test(text)) {
    if (/^(current|period_current)$/i.test(text)) return ok(0);
    const tf = timeframeByName(text.replace(/^PERIOD_/i, ''));
    return tf ? ok(tf.mt5Code) : fail('invalid_timeframe', param.default, `"${text}" is not a timeframe`);
  }
  if (param.type === 'enum' && !INT.test(text)) {
    const v = enumByLabel(param, text);
    if (v !== undefined) return ok(v);
  }
  if (param.type === 'color' && text.startsWith('#')) {
    const v = colourFromHex(text);
    if (v !== undefined) return ok(v);
  }
  const parsed = parseSetValue(param, text, 'mt5');
  return parsed.ok && parsed.numericBool ? ok(parsed.value) : parsed;
}

/** Minutes since midnight of an `HH:MM` text, or undefined. */
export function timeToMinutes(s: string): number | undefined {
  if (!TIME.test(s)) return undefined;
  return Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
}
