import { foldText } from '@propfolio/ea-settings';

/**
 * The catalog's text normaliser and n-gram tokenizer, over the workspace's one character folding
 * (`foldText` from @propfolio/ea-settings, the pure library EA labels are matched with). Indexing (import) and querying (search)
 * both go through this module, so a query term and the indexed text are always folded the same way:
 * NFKC (full-width/half-width), lower case, katakana to hiragana, and runs of whitespace to one space.
 */

/** Bump when the folding rules change: it is part of every article's content hash, so a re-import reindexes. */
export const NORMALIZER_VERSION = 2;

const WHITESPACE = /\s/u;
/** Marks that NFKC may fuse with the preceding character (combining marks, half-width voiced marks). */
const JOINS_PREVIOUS = /^[\p{M}\uFF9E\uFF9F]$/u;

/** Folded form of single characters seen so far: texts reuse few distinct characters, NFKC calls are slow. */
const folded = new Map<string, string>();
const FOLD_CACHE_LIMIT = 50_000;

const joining = new Map<string, boolean>();
/** True for marks that NFKC may fuse with the preceding character (memoised per character). */
function joinsPrevious(ch: string): boolean {
  if (ch < '\u0300') return false;
  let result = joining.get(ch);
  if (result === undefined) {
    result = JOINS_PREVIOUS.test(ch);
    if (joining.size < FOLD_CACHE_LIMIT) joining.set(ch, result);
  }
  return result;
}

const isWhitespace = (folded: string): boolean =>
  folded.length === 1 && folded > ' ' && folded < '\u0080' ? false : WHITESPACE.test(folded);

function foldChunk(chunk: string): string {
  let result = folded.get(chunk);
  if (result === undefined) {
    result = foldText(chunk);
    if (folded.size < FOLD_CACHE_LIMIT) folded.set(chunk, result);
  }
  return result;
}

export interface NormalizedText {
  /** The folded text. */
  text: string;
  /** For each UTF-16 unit of `text`, the UTF-16 index in the original string it came from. */
  sourceIndex: number[];
}

/**
 * Normalises `input` and keeps, for every output unit, the position of the original character it came
 * from, so a match found in folded text can be cut and highlighted in the original text.
 */
export function normalizeWithMap(input: string): NormalizedText {
  const chars = Array.from(input);
  let text = '';
  const sourceIndex: number[] = [];
  let offset = 0;
  let pendingSpace = -1; // original index of a whitespace run still to be written as one space
  for (let i = 0; i < chars.length;) {
    const start = offset;
    let chunk = chars[i] as string;
    i++;
    while (i < chars.length && joinsPrevious(chars[i] as string)) chunk += chars[i++] as string;
    offset += chunk.length;
    const folded = foldChunk(chunk);
    if (folded.length === 0) continue;
    if (isWhitespace(folded)) {
      if (pendingSpace === -1 && text.length > 0) pendingSpace = start;
      continue;
    }
    if (pendingSpace !== -1) {
      text += ' ';
      sourceIndex.push(pendingSpace);
      pendingSpace = -1;
    }
    text += folded;
    for (let k = 0; k < folded.length; k++) sourceIndex.push(start);
  }
  return { text, sourceIndex };
}

/**
 * Whole-string folding with native calls only: equal to `normalizeText` except in rare compositions across
 * characters (e.g. conjoining Hangul jamo). Good for a fast "cannot contain" pre-check, never for indexing.
 */
export function quickFold(input: string): string {
  return foldText(input).replace(/\s+/gu, ' ');
}

export function normalizeText(input: string): string {
  return normalizeWithMap(input).text;
}

/** Splits a free-text query into distinct normalised terms (every term must match). */
export function queryTerms(query: string): string[] {
  const terms = normalizeText(query)
    .split(' ')
    .filter((t) => t.length > 0);
  return [...new Set(terms)];
}

/** Longest n-gram indexed: terms up to this length are proven by the index alone. */
const MAX_GRAM = 3;

/**
 * The grams indexed for a normalised text: every run of 1 to MAX_GRAM characters inside each
 * whitespace-separated token. A term without spaces that occurs in the text therefore has all of its
 * `termGrams` in this set.
 */
export function textGrams(normalized: string): Set<string> {
  const grams = new Set<string>();
  for (const token of normalized.split(' ')) {
    const chars = Array.from(token);
    for (let i = 0; i < chars.length; i++) {
      for (let n = 1; n <= MAX_GRAM && i + n <= chars.length; n++) grams.add(chars.slice(i, i + n).join(''));
    }
  }
  return grams;
}

/**
 * The grams a normalised term needs: the term itself when it has at most MAX_GRAM characters
 * (one- and two-character Japanese words hit the index directly), else its overlapping trigrams.
 */
export function termGrams(term: string): string[] {
  const chars = Array.from(term);
  if (chars.length <= MAX_GRAM) return [term];
  const grams = new Set<string>();
  for (let i = 0; i + MAX_GRAM <= chars.length; i++) grams.add(chars.slice(i, i + MAX_GRAM).join(''));
  return [...grams];
}

/** True when the index alone cannot prove that `term` occurs (its grams may occur apart). */
export function needsConfirmation(term: string): boolean {
  return Array.from(term).length > MAX_GRAM;
}
