import { fixtures, mt5TesterText } from '../__fixtures__/fixtures.js';
import { buildSet } from '../build/build-set.js';
import { documentText, parseSetDocument, serializeSetDocument } from './document.js';

describe('lossless .set document', () => {
  it.each(Object.entries(fixtures))('round-trips %s byte for byte', (_name, bytes) => {
    expect(serializeSetDocument(parseSetDocument(bytes))).toEqual(bytes);
  });

  it.each([
    ['mt5TesterUtf16Bom', 'utf-16le-bom'],
    ['mt5Utf16NoBom', 'utf-16le'],
    ['mt5Utf8Bom', 'utf-8-bom'],
    ['mt5Utf8', 'utf-8'],
    ['mt4AnsiCrlf', 'ascii'],
    ['mt4Cp1252', 'windows-1252'],
    ['mt4ShiftJis', 'shift_jis'],
  ])('detects the encoding of %s as %s', (name, encoding) => {
    expect(parseSetDocument(fixtures[name] as Uint8Array).encoding).toBe(encoding);
  });

  it('decodes Shift_JIS Japanese text', () => {
    expect(documentText(parseSetDocument(fixtures['mt4ShiftJis'] as Uint8Array))).toContain('日本語のコメント');
  });

  it('keeps line endings, comments and the missing final newline', () => {
    expect(documentText(parseSetDocument(fixtures['mt5TesterUtf16Bom'] as Uint8Array))).toBe(mt5TesterText);
    const noFinal = parseSetDocument(fixtures['mt5NoFinalNewline'] as Uint8Array);
    expect(noFinal.lines.at(-1)?.eol).toBe('');
  });

  it.each(['mt5TesterUtf16Bom', 'mt4AnsiCrlf', 'mt4ShiftJis', 'mt5Lf'])('an edit of %s changes only its line', (name) => {
    const original = fixtures[name] as Uint8Array;
    const built = buildSet({ base: { content: original }, changes: [{ ref: 'EnableTrading', value: false }] });
    const before = documentText(parseSetDocument(original)).split(/\r?\n/);
    const after = built.text.split(/\r?\n/);
    expect(after).toHaveLength(before.length);
    const changed = before.filter((l, i) => l !== after[i]);
    expect(changed).toEqual([before.find((l) => l.startsWith('EnableTrading='))]);
    expect(built.encoding).toBe(parseSetDocument(original).encoding);
  });
});
