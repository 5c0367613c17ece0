import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { firmKey, matchFirm, suggestFirms } from '../src/search/firm-match.js';
import { needsConfirmation, normalizeText, queryTerms, termGrams, textGrams } from '../src/text/normalize.js';
import { markdownToPlainText } from '../src/text/plain-text.js';
import { buildSnippet } from '../src/text/snippet.js';

describe('normalizeText', () => {
  it('folds width, case, katakana and whitespace', () => {
    expect(normalizeText('ＦＴＭＯの２ステップ　ﾁｬﾚﾝｼﾞ')).toBe('ftmoの2すてっぷ ちゃれんじ');
    expect(normalizeText('  ＥＡ\t\n口座  ')).toBe('ea 口座');
    expect(normalizeText('ｶﾞｲﾄﾞ')).toBe(normalizeText('ガイド'));
    expect(normalizeText('ガイド')).toBe('がいど');
  });

  it('splits queries into distinct normalised terms', () => {
    expect(queryTerms('  日次損失　ＦＴＭＯ ftmo ')).toEqual(['日次損失', 'ftmo']);
    expect(queryTerms('   ')).toEqual([]);
  });

  it('indexes every gram a contained term needs', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('売', '上', 'ア', 'あ', 'ｱ', 'A', 'b', ' ', '　', 'Ｆ') }),
        fc.nat(),
        fc.nat(),
        (raw, a, b) => {
          const text = normalizeText(raw);
          const [from, to] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [number, number];
          const term = text.slice(from, to);
          fc.pre(term.length > 0 && !term.includes(' '));
          const grams = textGrams(text);
          expect(termGrams(term).every((g) => grams.has(g))).toBe(true);
        },
      ),
    );
  });

  it('looks terms of up to three characters up directly and longer ones by their trigrams', () => {
    expect(termGrams('売')).toEqual(['売']);
    expect(termGrams('売上')).toEqual(['売上']);
    expect(termGrams('損益表')).toEqual(['損益表']);
    expect(termGrams('トレード記録')).toEqual(['トレー', 'レード', 'ード記', 'ド記録']);
    expect(needsConfirmation('損益表')).toBe(false);
    expect(needsConfirmation('東京都府')).toBe(true);
  });
});

describe('buildSnippet', () => {
  it('marks every match in the original text, whatever its width or kana', () => {
    const snippet = buildSnippet('FTMOのチャレンジ記録。ＦＴＭＯ　チャレンジ。', queryTerms('ftmo ちゃれんじ'));
    expect(snippet).toBe('<mark>FTMO</mark>の<mark>チャレンジ</mark>記録。<mark>ＦＴＭＯ</mark> <mark>チャレンジ</mark>。');
  });

  it('cuts a window around the first match with ellipses', () => {
    const text = `${'a'.repeat(100)} 売上 ${'b'.repeat(300)}`;
    const snippet = buildSnippet(text, ['売上']) as string;
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('<mark>売上</mark>');
    expect(snippet.length).toBeLessThan(200);
  });

  it('finds the first match anywhere in a long text', () => {
    const text = `${'あいう '.repeat(700)}ｶﾞｲﾄﾞ 売上`;
    expect(buildSnippet(text, ['がいど'])).toBe(
      '…あいう あいう あいう あいう あいう あいう あいう あいう あいう あいう <mark>ｶﾞｲﾄﾞ</mark> 売上',
    );
  });

  it('marks a match exactly when the normalised text contains the term', () => {
    const unit = fc.constantFrom('売', '上', 'ｶ', 'ﾞ', 'カ', 'が', 'A', 'a', ' ', '　', 'Ｆ', 'f');
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 40 }),
        fc.integer({ min: 1, max: 120 }),
        fc.string({ unit, minLength: 1, maxLength: 3 }),
        (piece, times, rawTerm) => {
          const [term] = queryTerms(rawTerm);
          fc.pre(term !== undefined);
          const text = piece.repeat(times);
          const snippet = buildSnippet(text, [term]);
          if (normalizeText(text).includes(term)) expect(snippet).toContain('<mark>');
          else expect(snippet).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('returns null when nothing matches', () => {
    expect(buildSnippet('nothing here', ['売上'])).toBeNull();
  });
});

describe('markdownToPlainText', () => {
  it('drops markup and keeps words', () => {
    expect(markdownToPlainText('# Title\n\n- **bold** and `code` [link](https://x.y)\n> quote')).toBe('Title\n\nbold and code link\nquote');
  });
});

describe('firm matching', () => {
  const firms = [
    { slug: 'ftmo', name: 'FTMO', aliases: [] },
    { slug: 'the5ers', name: 'The5ers', aliases: ['The 5ers'] },
    { slug: 'fintokei', name: 'Fintokei', aliases: ['フィントケイ'] },
  ];

  it.each(['ftmo', 'FTMO', 'ＦＴＭＯ', ' f t m o '])('matches %p to FTMO', (input) => {
    expect(matchFirm(input, firms)?.slug).toBe('ftmo');
  });

  it.each(['the 5ers', 'THE5ERS', 'ｔｈｅ　５ｅｒｓ'])('matches %p to The5ers', (input) => {
    expect(matchFirm(input, firms)?.slug).toBe('the5ers');
  });

  it('matches aliases in any kana', () => {
    expect(matchFirm('ﾌｨﾝﾄｹｲ', firms)?.slug).toBe('fintokei');
    expect(firmKey('ふぃんとけい')).toBe(firmKey('フィントケイ'));
  });

  it('suggests the closest names for an unknown firm', () => {
    expect(matchFirm('ftm0', firms)).toBeNull();
    expect(suggestFirms('ftm0', firms)[0]).toBe('FTMO');
    expect(suggestFirms('5ers', firms)[0]).toBe('The5ers');
  });
});
