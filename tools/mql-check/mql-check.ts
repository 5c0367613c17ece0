// A syntax and type check of MQL4/MQL5 source with clang: the few MQL constructs that are not C++ are rewritten
// (keeping every line where it was, so clang's diagnostics name the EA's own lines), and the built-ins come from our
// headers (mql4.h, mql5.h). README.md beside this file lists what is rewritten and what is not supported.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type MqlDialect = 'mql4' | 'mql5';

export interface MqlCheckResult {
  /** true when clang and the preprocessing found no error. */
  ok: boolean;
  /** The diagnostics, `file:line:column: error: …`, one or more lines each. */
  output: string;
}

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** C++ keywords that are ordinary identifiers in MQL: renamed, so that an EA may use them as names. */
const CPP_ONLY_KEYWORDS = [
  'alignas',
  'alignof',
  'asm',
  'auto',
  'catch',
  'char16_t',
  'char32_t',
  'const_cast',
  'constexpr',
  'decltype',
  'export',
  'friend',
  'inline',
  'mutable',
  'namespace',
  'noexcept',
  'nullptr',
  'register',
  'reinterpret_cast',
  'static_assert',
  'thread_local',
  'throw',
  'try',
  'typeid',
  'using',
  'wchar_t',
];

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The source with comments blanked and string and char literals' insides blanked, newlines kept: what the
 * rewriting rules look at, so that nothing inside a comment or a literal is ever taken for code. */
function mask(source: string): { masked: string; stringEnds: number[] } {
  const out = source.split('');
  const stringEnds: number[] = [];
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      if (c === '"' && source[j] === '"') stringEnds.push(j);
      i = j + 1;
    } else i++;
  }
  return { masked: out.join(''), stringEnds };
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let k = 0; k < index; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/** The nesting depth of `open`/`close` before each character. */
function depths(text: string, open: string, close: string): Int32Array {
  const depth = new Int32Array(text.length + 1);
  let d = 0;
  for (let k = 0; k < text.length; k++) {
    depth[k] = d;
    if (text[k] === open) d++;
    else if (text[k] === close) d--;
  }
  depth[text.length] = d;
  return depth;
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** Splits a parameter list at its top-level commas. */
function splitParameters(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let k = 0; k < list.length; k++) {
    const c = list[k];
    if (c === '(' || c === '<' || c === '{') depth++;
    else if (c === ')' || c === '>' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(from, k));
      from = k + 1;
    }
  }
  parts.push(list.slice(from));
  return parts.filter((p) => p.trim() !== '' && p.trim() !== 'void');
}

/**
 * MQL source to C++ that clang checks against our headers. Rewrites, each keeping lines in place:
 * - `#property` lines become empty (the EA's metadata for the terminal);
 * - every string literal gets the `_s` suffix, so it is an MQL `string` (concatenation with `+`);
 * - `T name[]` (a dynamic array, or an array parameter `T &name[]`) becomes `MqlArray<T> name`;
 * - C++-only keywords used as names are renamed;
 * - MQL calls functions defined further down: every top-level function is declared before the first one, under a
 *   `#line` naming its definition, and default arguments stay in that declaration only.
 * MQL rules that C++ does not have are reported as errors here: arrays and structures are passed by reference only.
 */
export function preprocessMql(source: string, fileName: string): { cpp: string; errors: string[] } {
  const errors: string[] = [];
  const { masked, stringEnds } = mask(source);
  const edits: Edit[] = [];
  // Lines never move (only whole-line rewrites and in-line edits), so a position's line is the same in the source
  // and in the rewritten text; the column is the rewritten text's.
  const fail = (text: string, index: number, message: string) => {
    const column = index - text.lastIndexOf('\n', index - 1);
    errors.push(`${fileName}:${lineOf(text, index)}:${column}: error: ${message}`);
  };

  // Directives: #property goes; string literals elsewhere on directive lines (#include "x") stay plain.
  const directiveLines: [number, number][] = [];
  for (const m of masked.matchAll(/^[ \t]*#[ \t]*(\w+)[^\n]*/gm)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[1] === 'property') edits.push({ start, end, text: '' });
    else if (m[1] === 'import') fail(source, start, '#import (DLL or EX5 imports) is not supported by the check');
    if (m[1] !== 'define') directiveLines.push([start, end]);
  }
  for (const end of stringEnds) {
    if (!directiveLines.some(([a, b]) => end >= a && end < b)) edits.push({ start: end + 1, end: end + 1, text: '_s' });
  }

  const parens = depths(masked, '(', ')');
  for (const m of masked.matchAll(/\b(?:(const)\s+)?([A-Za-z_]\w*)\s*(&)?\s*([A-Za-z_]\w*)\s*\[\s*\]/g)) {
    const [, isConst, type = '', ref, name = ''] = m;
    if (type === 'return' || type === 'new') continue;
    if ((parens[m.index] ?? 0) > 0 && !ref)
      fail(source, m.index, `array parameter '${name}' must be passed by reference (${type} &${name}[])`);
    edits.push({ start: m.index, end: m.index + m[0].length, text: `${isConst ? 'const ' : ''}MqlArray<${type}> ${ref ?? ''}${name}` });
  }
  const keywords = new RegExp(`\\b(${CPP_ONLY_KEYWORDS.join('|')})\\b`, 'g');
  for (const m of masked.matchAll(keywords)) edits.push({ start: m.index, end: m.index + m[0].length, text: `mql_${m[0]}` });

  const cpp = applyEdits(source, edits);
  const cppMasked = applyEdits(
    masked,
    edits.map((e) => ({ ...e, text: e.text.replace(/[^\w\s]/g, 'x') })),
  );
  // The masked copy stays aligned with the rewritten text (same edits, same lengths); the rules below read only
  // its words and brackets, so the punctuation of the inserted text is blanked to a letter.
  const braces = depths(cppMasked, '{', '}');
  const structs = [...cppMasked.matchAll(/\bstruct\s+([A-Za-z_]\w*)/g)].filter((m) => braces[m.index] === 0).map((m) => m[1] ?? '');

  const declarations: string[] = [];
  const definitionEdits: Edit[] = [];
  let firstFunction = -1;
  const signature = /(^|[;}\n])([ \t]*)((?:const\s+)?[A-Za-z_][\w<>]*(?:\s*[&*])?)\s+([A-Za-z_]\w*)\s*\(([^()]*)\)\s*(?:const\s*)?\{/g;
  for (const m of cppMasked.matchAll(signature)) {
    const [, before = '', indent = '', type = '', name = '', params = ''] = m;
    const typeStart = m.index + before.length + indent.length;
    if (braces[typeStart] !== 0) continue;
    if (['else', 'return', 'struct', 'class', 'enum'].includes(type)) continue;
    if (firstFunction < 0) firstFunction = typeStart;
    const paramsStart = cppMasked.indexOf('(', typeStart + type.length + name.length) + 1;
    const paramsText = cpp.slice(paramsStart, paramsStart + params.length);
    for (const parameter of splitParameters(paramsText)) {
      const words = parameter.replace(/=.*$/s, '').trim();
      const typeName = /^(?:const\s+)?([A-Za-z_]\w*)/.exec(words)?.[1];
      if (typeName && structs.includes(typeName) && !words.includes('&'))
        fail(cpp, typeStart, `structure parameter '${words}' of ${name}() must be passed by reference (${typeName} &…)`);
    }
    // Defaults belong to the declaration; the definition repeats the parameters without them. The split is on the
    // masked text, where a comma inside a default string is blanked.
    let offset = 0;
    for (const parameter of params.split(/(?<=,)/)) {
      const eq = parameter.indexOf('=');
      if (eq >= 0) {
        const start = paramsStart + offset + eq;
        const end = paramsStart + offset + parameter.length - (parameter.endsWith(',') ? 1 : 0);
        definitionEdits.push({ start, end, text: cpp.slice(start, end).replace(/[^\n]/g, ' ') });
      }
      offset += parameter.length;
    }
    declarations.push(
      `#line ${lineOf(cpp, typeStart)} "${fileName}"\n${cpp.slice(typeStart, typeStart + type.length)} ${name}(${paramsText.replace(/\n/g, ' ')});`,
    );
  }

  const defined = applyEdits(cpp, definitionEdits);
  if (firstFunction < 0) return { cpp: `#line 1 "${fileName}"\n${defined}`, errors };
  const insertAt = cpp.lastIndexOf('\n', firstFunction - 1) + 1;
  const preamble = [...structs.map((s) => `struct ${s};`), ...declarations, `#line ${lineOf(cpp, insertAt)} "${fileName}"`].join('\n');
  return { cpp: `#line 1 "${fileName}"\n${defined.slice(0, insertAt)}${preamble}\n${defined.slice(insertAt)}`, errors };
}

/** Whether clang++ can be run here. */
export function clangAvailable(clang = process.env.CLANGXX ?? 'clang++'): boolean {
  return spawnSync(clang, ['--version'], { encoding: 'utf8' }).status === 0;
}

/** MQL source as text: UTF-16 (MetaEditor's default when a file has non-ASCII text) or UTF-8, with or without a BOM. */
export function readMqlSource(path: string): string {
  const bytes = readFileSync(path);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  const text = bytes.toString('utf8');
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * Checks one MQL program (`source`, as read from `fileName`) with clang++ against the dialect's header. The
 * dialect defaults to the file's extension (.mq4 → MQL4, else MQL5).
 */
export function checkMql(
  source: string,
  fileName: string,
  dialect: MqlDialect = fileName.endsWith('.mq4') ? 'mql4' : 'mql5',
): MqlCheckResult {
  const { cpp, errors } = preprocessMql(source, fileName);
  const clang = process.env.CLANGXX ?? 'clang++';
  const run = spawnSync(
    clang,
    [
      '-fsyntax-only',
      '-std=c++17',
      // and, or, not … are names in MQL, not operators.
      '-fno-operator-names',
      '-fno-color-diagnostics',
      '-ferror-limit=0',
      // MQL refuses a function that does not return a value on every path ("not all control paths return a value").
      '-Werror=return-type',
      '-include',
      `${HERE}${dialect}.h`,
      '-x',
      'c++',
      '-',
    ],
    { input: cpp, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (run.error) throw run.error;
  const output = [...errors, run.stderr.trim()].filter((s) => s !== '').join('\n');
  return { ok: errors.length === 0 && run.status === 0, output };
}

/**
 * Runs an MQL program's own code on Linux: the program, then `driver` (C++ with a `main`, calling the program's
 * functions; `mql_runtime_utf8` turns an MQL string into UTF-8), built against mql-runtime.h. Only code that needs
 * no terminal can run: the terminal's built-ins (WebRequest, files, history …) are left undefined, so the link
 * ignores unresolved symbols and a call to one would crash. Throws with clang's messages when the build fails.
 */
export function runMql(
  source: string,
  fileName: string,
  driver: string,
  dialect: MqlDialect = fileName.endsWith('.mq4') ? 'mql4' : 'mql5',
): string {
  const { cpp, errors } = preprocessMql(source, fileName);
  if (errors.length > 0) throw new Error(errors.join('\n'));
  const clang = process.env.CLANGXX ?? 'clang++';
  const dir = mkdtempSync(join(tmpdir(), 'mql-run-'));
  try {
    const binary = join(dir, 'program');
    const build = spawnSync(
      clang,
      [
        '-std=c++17',
        '-DMQL_RUNTIME',
        '-fno-operator-names',
        '-fno-color-diagnostics',
        '-w',
        '-include',
        `${HERE}${dialect}.h`,
        '-include',
        `${HERE}mql-runtime.h`,
        '-x',
        'c++',
        '-',
        '-o',
        binary,
        // A non-PIE binary with the terminal's built-ins unresolved: they are never called (see above).
        '-no-pie',
        '-Wl,--unresolved-symbols=ignore-all',
      ],
      { input: `${cpp}\n#line 1 "driver"\n${driver}\n`, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    if (build.error) throw build.error;
    if (build.status !== 0) throw new Error(`the MQL program did not build:\n${build.stderr}`);
    const run = spawnSync(binary, [], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`the MQL program failed (${run.status ?? run.signal ?? '?'}):\n${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
