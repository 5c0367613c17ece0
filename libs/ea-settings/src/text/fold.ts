/**
 * The one home of Propfolio's Japanese-aware text folding (the catalog's article search imports it too),
 * so a label, a query and an indexed text always compare the same way.
 */
const DASHES = /[\u2010-\u2015\u2212\u30fc\uff0d\uff70\u2043\ufe63]/g;
const KATAKANA_START = 0x30a1; // ァ
const KATAKANA_END = 0x30f6; // ヶ
const KANA_OFFSET = 0x60;

/** NFKC (full-width/half-width) + lower case + katakana→hiragana: 'ﾄﾚｰﾘﾝｸﾞ', 'トレーリング', 'とれーりんぐ' fold equal. */
export function foldText(input: string): string {
  let out = '';
  for (const ch of input.normalize('NFKC').toLowerCase()) {
    const code = ch.codePointAt(0) as number;
    out += code >= KATAKANA_START && code <= KATAKANA_END ? String.fromCodePoint(code - KANA_OFFSET) : ch;
  }
  return out;
}

/** {@link foldText} without any whitespace, for matching labels typed with or without spaces. */
export const foldCompact = (input: string): string => foldText(input).replace(/\s+/gu, '');

/** NFKC + every dash-like character (incl. the katakana long vowel mark users type by accident) → '-'. */
export function foldRef(input: string): string {
  return input.normalize('NFKC').replace(DASHES, '-').trim();
}
