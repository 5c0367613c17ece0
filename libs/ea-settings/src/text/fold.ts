const DASHES = /[\u2010-\u2015\u2212\u30fc\uff0d\uff70\u2043\ufe63]/g;

/** NFKC + lower case + katakana→hiragana, so 'ﾄﾚｰﾘﾝｸﾞ', 'トレーリング' and 'とれーりんぐ' compare equal. */
export function foldText(input: string): string {
  const nfkc = input.normalize('NFKC').toLowerCase();
  let out = '';
  for (let i = 0; i < nfkc.length; i++) {
    const c = nfkc.charCodeAt(i);
    out += c >= 0x30a1 && c <= 0x30f6 ? String.fromCharCode(c - 0x60) : nfkc[i];
  }
  return out;
}

/** NFKC + every dash-like character (incl. the katakana long vowel mark users type by accident) → '-'. */
export function foldRef(input: string): string {
  return input.normalize('NFKC').replace(DASHES, '-').trim();
}
