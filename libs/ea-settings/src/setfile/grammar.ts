/** Optimisation range of an MT5 input: `value||start||step||stop||Y/N`. */
export interface RangeTail {
  start: string;
  step: string;
  stop: string;
  flag: string;
}

export type LineSyntax =
  | { kind: 'blank' }
  | { kind: 'comment'; comment: string }
  | { kind: 'invalid' }
  | {
      kind: 'param';
      name: string;
      nameColumn: number;
      value: string;
      valueColumn: number;
      /** Parsed range when the value has exactly five `||` fields. */
      range: RangeTail | null;
      /** Number of `||` fields when they are not five (a damaged range); 1 when there is none. */
      fieldCount: number;
    }
  | { kind: 'mt4_meta'; name: string; nameColumn: number; field: 'F' | '1' | '2' | '3'; value: string; valueColumn: number };

const MT4_META = /^(.*),([F123])$/;

/** Classifies one line (without its line ending) by the `.set` grammar of MT5 and MT4. */
export function parseLineSyntax(text: string): LineSyntax {
  const lead = text.length - text.trimStart().length;
  if (lead === text.length) return { kind: 'blank' };
  if (text.charCodeAt(lead) === 59 /* ; */) return { kind: 'comment', comment: text.slice(lead + 1).trim() };
  const eq = text.indexOf('=');
  if (eq < 0) return { kind: 'invalid' };
  const left = text.slice(lead, eq).trimEnd();
  const rest = text.slice(eq + 1);
  const meta = MT4_META.exec(left);
  if (meta) {
    return {
      kind: 'mt4_meta',
      name: meta[1] ?? '',
      nameColumn: lead + 1,
      field: meta[2] as 'F' | '1' | '2' | '3',
      value: rest,
      valueColumn: eq + 2,
    };
  }
  if (!rest.includes('||'))
    return { kind: 'param', name: left, nameColumn: lead + 1, value: rest, valueColumn: eq + 2, range: null, fieldCount: 1 };
  const parts = rest.split('||');
  const [value = '', start = '', step = '', stop = '', flag = ''] = parts;
  return parts.length === 5
    ? { kind: 'param', name: left, nameColumn: lead + 1, value, valueColumn: eq + 2, range: { start, step, stop, flag }, fieldCount: 5 }
    : { kind: 'param', name: left, nameColumn: lead + 1, value: rest, valueColumn: eq + 2, range: null, fieldCount: parts.length };
}
