import { normalizeWithMap, quickFold } from './normalize.js';

const MARK_OPEN = '<mark>';
const MARK_CLOSE = '</mark>';
const BEFORE = 40;
const AFTER = 120;
/** Texts are first searched in a prefix of this many characters: most first matches come early. */
const PREFIX = 1200;
/** Room after the window for a match that starts inside it (query terms are at most 200 characters). */
const MATCH_ROOM = 200;

interface Span {
  start: number;
  end: number;
}

/** Every occurrence of every normalised term in `text`, as [start, end) ranges of the original string. */
function matchSpans(text: string, terms: readonly string[]): Span[] {
  const { text: norm, sourceIndex } = normalizeWithMap(text);
  const toSource = (normIndex: number): number => (normIndex < sourceIndex.length ? (sourceIndex[normIndex] as number) : text.length);
  const spans: Span[] = [];
  for (const term of terms) {
    for (let at = norm.indexOf(term); at !== -1; at = norm.indexOf(term, at + term.length)) {
      const start = toSource(at);
      // The end is the start of the first original character after the match.
      let endNorm = at + term.length;
      while (endNorm < sourceIndex.length && sourceIndex[endNorm] === sourceIndex[endNorm - 1]) endNorm++;
      spans.push({ start, end: toSource(endNorm) });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The snippet window of `text` (searched only up to `end`), or null when its first match lies beyond reach. */
function snippetWithin(text: string, terms: readonly string[], end: number): string | null {
  const spans = matchSpans(text.slice(0, end), terms);
  const first = spans[0];
  if (!first || (end < text.length && first.start + AFTER + MATCH_ROOM > end)) return null;
  let from = Math.max(0, first.start - BEFORE);
  let to = Math.min(text.length, first.start + AFTER);
  if (from > 0 && /[\uDC00-\uDFFF]/.test(text[from] ?? '')) from--;
  if (to < text.length && /[\uDC00-\uDFFF]/.test(text[to] ?? '')) to++;
  let out = from > 0 ? '…' : '';
  let cursor = from;
  for (const span of spans) {
    if (span.end <= from || span.start >= to) continue;
    const start = Math.max(span.start, from);
    out += text.slice(cursor, start) + MARK_OPEN + text.slice(start, span.end) + MARK_CLOSE;
    cursor = span.end;
  }
  out += text.slice(cursor, Math.max(cursor, to)) + (Math.max(cursor, to) < text.length ? '…' : '');
  return out.replace(/\s+/g, ' ').trim();
}

/** A cut point at or after `at` that splits no character sequence NFKC could fuse. */
function safeCut(text: string, at: number): number {
  let end = Math.min(at, text.length);
  while (end < text.length && /[\p{M}\uFF9E\uFF9F\uDC00-\uDFFF]/u.test(text[end] as string)) end++;
  return end;
}

/**
 * A one-line excerpt of `text` around the first match of any term, with every match inside it wrapped
 * in `<mark>…</mark>`; `null` when no term occurs in `text`.
 */
export function buildSnippet(text: string, terms: readonly string[]): string | null {
  const quick = quickFold(text);
  if (!terms.some((term) => quick.includes(term))) return null;
  if (text.length > PREFIX) {
    const early = snippetWithin(text, terms, safeCut(text, PREFIX));
    if (early !== null) return early;
  }
  return snippetWithin(text, terms, text.length);
}
