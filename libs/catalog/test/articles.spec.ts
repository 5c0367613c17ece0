import { beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { CatalogService, importCatalog } from '../src/index.js';
import { fixtureDataDir } from './fixtures.js';

const slugs = (result: { items: { slug: string }[] }): string[] => result.items.map((i) => i.slug);

describeEachDatabase('article search', (getDb) => {
  let catalog: CatalogService;
  beforeAll(async () => {
    const dir = fixtureDataDir([
      { slug: 'sales', title: '売上の記録', body: '毎月の売上を集計します。', publishedAt: '2026-01-05' },
      { slug: 'apart', title: '売り上げ', body: '上に売る。売と上は離れている。', publishedAt: '2026-01-06' },
      { slug: 'kyoto', title: '東京と京都', body: '東京から京都へ。', publishedAt: '2026-01-07' },
      { slug: 'tokyo-to', title: '東京都の話', body: '東京都庁。', publishedAt: '2026-01-01' },
      { slug: 'prefectures', title: '東京都と京都府', publishedAt: '2025-06-01' },
      {
        slug: 'katakana',
        title: 'トレーリングドローダウン',
        body: 'ＥＡ口座のｱｰｶｲﾌﾞについて。FTMO チャレンジ。',
        publishedAt: '2026-01-02',
      },
      {
        slug: 'english',
        title: 'Daily loss explained',
        summary: 'Reset clock',
        body: 'The trailing drawdown locks at the initial balance.',
        language: 'en',
        publishedAt: '2026-01-03',
      },
      { slug: 'in-body', title: 'Other', body: 'a note about drawdown only in the body', language: 'en', publishedAt: '2026-02-01' },
      { slug: 'in-summary', title: 'Another', summary: 'drawdown in the summary', language: 'en', publishedAt: '2026-01-04' },
      { slug: 'in-tags', title: 'Third', tags: ['drawdown'], language: 'en', publishedAt: '2025-12-01' },
      { slug: 'in-title', title: 'Drawdown basics', language: 'en', publishedAt: '2025-01-01' },
    ]);
    await importCatalog(getDb(), { dataDir: dir });
    catalog = new CatalogService(getDb(), { staleAfterDays: 180 });
  });

  it('finds two-character Japanese terms without false positives', async () => {
    expect(slugs(await catalog.searchArticles({ q: '売上' }))).toEqual(['sales']);
    expect(slugs(await catalog.searchArticles({ q: '上売' }))).toEqual([]);
  });

  it('confirms every hit on the normalised text: scattered grams do not match', async () => {
    // "kyoto" holds 東京 and 京都 but not 東京都; "prefectures" holds the trigrams 東京都 and 京都府 but not 東京都府.
    expect(slugs(await catalog.searchArticles({ q: '東京都' }))).toEqual(['tokyo-to', 'prefectures']);
    expect(slugs(await catalog.searchArticles({ q: '京都' }))).toEqual(['kyoto', 'tokyo-to', 'prefectures']);
    expect(slugs(await catalog.searchArticles({ q: '東京都府' }))).toEqual([]);
    expect(slugs(await catalog.searchArticles({ q: '東京都と京都府' }))).toEqual(['prefectures']);
  });

  it('matches one-character and longer terms', async () => {
    expect(slugs(await catalog.searchArticles({ q: '庁' }))).toEqual(['tokyo-to']);
    expect(slugs(await catalog.searchArticles({ q: 'トレーリングドローダウン' }))).toEqual(['katakana']);
  });

  it('folds width, case and kana in queries and text', async () => {
    for (const q of ['ea あーかいぶ', 'ＥＡ　ｱｰｶｲﾌﾞ', 'Ea アーカイブ', 'とれーりんぐ']) {
      expect(slugs(await catalog.searchArticles({ q }))).toEqual(['katakana']);
    }
    expect(slugs(await catalog.searchArticles({ q: 'ｆｔｍｏ ちゃれんじ' }))).toEqual(['katakana']);
  });

  it('requires every term (AND) across scripts', async () => {
    expect(slugs(await catalog.searchArticles({ q: 'trailing initial' }))).toEqual(['english']);
    expect(slugs(await catalog.searchArticles({ q: 'trailing 売上' }))).toEqual([]);
    expect(slugs(await catalog.searchArticles({ q: 'FTMO 口座' }))).toEqual(['katakana']);
  });

  it('ranks title over tags and summary over body, then newer first', async () => {
    expect(slugs(await catalog.searchArticles({ q: 'drawdown' }))).toEqual(['in-title', 'in-summary', 'in-tags', 'in-body', 'english']);
    expect(slugs(await catalog.searchArticles({ q: 'loss' }))).toEqual(['english']);
    expect(slugs(await catalog.searchArticles({ q: 'drawdown', language: 'en', limit: 2 }))).toEqual(['in-title', 'in-summary']);
  });

  it('returns a snippet around the first match with the terms marked', async () => {
    const [hit] = (await catalog.searchArticles({ q: 'ｱｰｶｲﾌﾞ ea' })).items;
    expect(hit?.snippet).toBe('<mark>ＥＡ</mark>口座の<mark>ｱｰｶｲﾌﾞ</mark>について。FTMO チャレンジ。');
    expect(hit).toMatchObject({ slug: 'katakana', title: 'トレーリングドローダウン', checkedOn: '2026-01-01', publishedAt: '2026-01-02' });
  });

  it('lists the newest articles for a missing or blank query, in pages', async () => {
    const first = await catalog.searchArticles({ limit: 3 });
    expect(slugs(first)).toEqual(['in-body', 'kyoto', 'apart']);
    expect(first.items[0]?.snippet).toBeNull();
    const second = await catalog.searchArticles({ q: '   ', limit: 3, cursor: first.nextCursor as string });
    expect(slugs(second)).toEqual(['sales', 'in-summary', 'english']);
    const all = await catalog.searchArticles({ q: 'drawdown', limit: 3 });
    const rest = await catalog.searchArticles({ q: 'drawdown', limit: 3, cursor: all.nextCursor as string });
    expect([...slugs(all), ...slugs(rest)]).toEqual(['in-title', 'in-summary', 'in-tags', 'in-body', 'english']);
    expect(rest.nextCursor).toBeNull();
  });

  it('rejects a query longer than 200 characters', async () => {
    await expect(catalog.searchArticles({ q: 'あ'.repeat(201) })).rejects.toMatchObject({ code: 'validation_failed', status: 400 });
    await expect(catalog.searchArticles({ q: 'あ'.repeat(200) })).resolves.toEqual({ items: [], nextCursor: null });
  });

  it('returns a full article, 404 for an unknown slug and 400 for a malformed one', async () => {
    const article = await catalog.getArticle('english');
    expect(article).toEqual({
      slug: 'english',
      title: 'Daily loss explained',
      summary: 'Reset clock',
      body: 'The trailing drawdown locks at the initial balance.',
      tags: ['misc'],
      language: 'en',
      checkedOn: '2026-01-01',
      publishedAt: '2026-01-03',
    });
    await expect(catalog.getArticle('no-such-article')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(catalog.getArticle('Bad Slug!')).rejects.toMatchObject({ code: 'validation_failed', status: 400 });
  });
});
