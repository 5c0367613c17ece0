/**
 * `npm run bench -- catalog`: 10,000 synthetic articles (mixed Japanese and English) in an in-memory PGlite,
 * then p50/p95 of 1-, 2- and 3-term searches (including two-character Japanese terms) through the catalog's
 * n-gram GIN index, next to a naive `ILIKE '%term%'` scan over the same rows measured in the same run.
 */
import { openDatabase, type Database } from '@propfolio/db';
import { searchArticles, flushSearchIndex, articleIndexFields } from '@propfolio/catalog';
import { measure, printComparison } from '../harness.ts';

const ARTICLES = 10_000;
const JA_SHARE = 0.6;
const ITERATIONS = 200;

/** Deterministic PRNG (mulberry32), so every run searches the same corpus. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const KANJI = Array.from(
  '日次損失最大資金調達売上出金合格審査口座残高証拠金利益分配返金税所得確定申告記録期間取引週末指標発表条件規則変更設定自動管理連携報告画面検索記事価格通貨月額一回段階即時提供評価達成目標割合上限下限固定追跡基準時刻計算表示保存削除登録更新確認注意安全危険戦略検証結果比較市場為替株式先物銘柄注文決済手数料会社契約報酬',
);
const KANA = Array.from('あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん');
const PARTICLES = ['の', 'を', 'に', 'は', 'が', 'で', 'と', 'から', 'まで'];
const EN_SYLLABLES = [
  'tra',
  'ding',
  'ac',
  'count',
  'pro',
  'fit',
  'loss',
  'draw',
  'down',
  'pay',
  'out',
  'fee',
  'rule',
  'phase',
  'bal',
  'ance',
  'eq',
  'ui',
  'ty',
  'mar',
  'ket',
  'risk',
  'lot',
  'spread',
  'news',
  'week',
  'end',
  'cap',
  'ital',
  'firm',
];

/** A Zipf-distributed vocabulary: rank r is drawn with probability ∝ 1 / r. */
function zipfVocabulary(words: string[]): { draw: () => string; words: string[] } {
  const weights = words.map((_, r) => 1 / (r + 1));
  const total = weights.reduce((s, w) => s + w, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  return {
    words,
    draw: () => {
      const x = random();
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] as number) < x) lo = mid + 1;
        else hi = mid;
      }
      return words[lo] as string;
    },
  };
}

const jaWords = zipfVocabulary(
  [...new Set(Array.from({ length: 6000 }, () => pick(KANJI) + pick(KANJI) + (random() < 0.3 ? pick(KANA) : '')))].slice(0, 3000),
);
const enWords = zipfVocabulary(
  [
    ...new Set(Array.from({ length: 6000 }, () => pick(EN_SYLLABLES) + pick(EN_SYLLABLES) + (random() < 0.5 ? pick(EN_SYLLABLES) : ''))),
  ].slice(0, 3000),
);

const jaSentence = (n: number): string => Array.from({ length: n }, () => jaWords.draw() + pick(PARTICLES)).join('') + '。';
const enSentence = (n: number): string => Array.from({ length: n }, () => enWords.draw()).join(' ') + '.';

function syntheticArticle(i: number) {
  const ja = random() < JA_SHARE;
  const sentence = ja ? jaSentence : enSentence;
  const paragraphs = Array.from({ length: 4 + Math.floor(random() * 5) }, () =>
    Array.from({ length: 3 + Math.floor(random() * 4) }, () => sentence(6 + Math.floor(random() * 8))).join(ja ? '' : ' '),
  );
  const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 1000) * 86_400_000);
  const article = {
    title: sentence(3).slice(0, -1),
    summary: sentence(10),
    body: `# ${sentence(2)}\n\n${paragraphs.join('\n\n')}`,
    tags: Array.from({ length: 3 }, () => (ja ? jaWords.draw() : enWords.draw())),
  };
  return {
    slug: `bench-${i}`,
    ...article,
    language: ja ? 'ja' : 'en',
    checkedOn: day,
    publishedAt: day,
    ...articleIndexFields(article),
    contentHash: `bench-${i}`,
  };
}

async function seed(db: Database): Promise<void> {
  const started = Date.now();
  for (let i = 0; i < ARTICLES; i += 500) {
    await db.prisma.article.createMany({ data: Array.from({ length: Math.min(500, ARTICLES - i) }, (_, k) => syntheticArticle(i + k)) });
  }
  await flushSearchIndex(db.prisma); // as importCatalog does after writing articles
  await db.prisma.$executeRawUnsafe('ANALYZE "Article"');
  console.log(`seeded ${ARTICLES} articles (${Math.round(JA_SHARE * 100)}% Japanese) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Query terms by frequency rank in the Zipf vocabulary: "common" ranks 20-400 occur in roughly 7-75% of the
 * articles of their language (stop-word-like: 取引, 口座 in a prop-firm corpus); "typical" ranks 400-2000
 * in roughly 1-7%, like most content words people search for.
 */
type Band = 'common' | 'typical';
const BANDS: Record<Band, [number, number]> = { common: [20, 400], typical: [400, 2000] };
const ranked = (words: string[], band: Band): string => {
  const [from, to] = BANDS[band];
  return words[Math.min(words.length - 1, from + Math.floor(random() * (to - from)))] as string;
};
const jaTwoChar = jaWords.words.filter((w) => w.length === 2);
const twoCharJa = (band: Band) => (): string => ranked(jaTwoChar, band);
const anyTerm = (band: Band) => (): string => (random() < JA_SHARE ? ranked(jaWords.words, band) : ranked(enWords.words, band));

function querySet(make: () => string[], size = 50): string[][] {
  return Array.from({ length: size }, make);
}

/** The naive baseline: every term as `ILIKE '%term%'` over the raw columns, newest first. */
async function naive(db: Database, terms: string[]): Promise<unknown> {
  const where = terms.map((_, i) => `(title ILIKE $${i + 1} OR summary ILIKE $${i + 1} OR body ILIKE $${i + 1})`).join(' AND ');
  return db.prisma.$queryRawUnsafe(
    `SELECT slug, title, summary, "checkedOn" FROM "Article" WHERE ${where} ORDER BY "publishedAt" DESC, slug LIMIT 21`,
    ...terms.map((t) => `%${t}%`),
  );
}

async function compare(db: Database, title: string, queries: string[][]): Promise<void> {
  let n = 0;
  let hits = 0;
  const next = (): string[] => queries[n++ % queries.length] as string[];
  const baseline = await measure('naive ILIKE scan', () => naive(db, next()), { iterations: 40, warmup: 2 });
  const subject = await measure(
    'n-gram GIN index + strpos confirm',
    async () => {
      const result = await searchArticles(db, { q: next().join(' '), limit: 20 });
      hits += result.items.length;
    },
    { iterations: ITERATIONS, warmup: 20 },
  );
  printComparison(`${title} (avg ${(hits / ITERATIONS).toFixed(1)} hits on page 1)`, baseline, [subject]);
}

export default async function run(): Promise<void> {
  // CATALOG_BENCH_DIR keeps the seeded PGlite on disk between runs (seeding takes about a minute).
  const dataDir = process.env['CATALOG_BENCH_DIR'];
  const db = await openDatabase(dataDir ? { dataDir } : { memory: true });
  try {
    if ((await db.prisma.article.count()) < ARTICLES) await seed(db);
    for (const band of ['typical', 'common'] as const) {
      const ja2 = twoCharJa(band);
      const any = anyTerm(band);
      await compare(
        db,
        `1 term, two-character Japanese, ${band}`,
        querySet(() => [ja2()]),
      );
      await compare(
        db,
        `1 term, any script, ${band}`,
        querySet(() => [any()]),
      );
      await compare(
        db,
        `2 terms, two-character Japanese, ${band}`,
        querySet(() => [ja2(), ja2()]),
      );
      await compare(
        db,
        `2 terms, mixed scripts, ${band}`,
        querySet(() => [any(), any()]),
      );
      await compare(
        db,
        `3 terms, mixed scripts, ${band}`,
        querySet(() => [any(), any(), ja2()]),
      );
    }
  } finally {
    await db.close();
  }
}
