/**
 * Article search without any database extension: the GIN-indexed `grams` array (character 1-, 2- and
 * 3-grams) narrows the rows to those holding every gram of every term (`grams @> ARRAY[...]`); a term of
 * up to three characters is itself a gram, and longer terms are confirmed with `strpos` on the normalised
 * columns, so there are no false positives. Ranking: title over tags and summary
 * over body, then newer first.
 */
import { dateToIso, decodeOffsetCursor, nextOffsetCursor } from '@propfolio/core';
import { type Database, Prisma } from '@propfolio/db';
import type { ArticleQuery } from '../catalog.inputs.js';
import type { ArticleHit, ArticleSearchResult } from '../catalog.outputs.js';
import { needsConfirmation, queryTerms, termGrams } from '../text/normalize.js';
import { markdownToPlainText } from '../text/plain-text.js';
import { buildSnippet } from '../text/snippet.js';

interface HitRow {
  slug: string;
  title: string;
  summary: string;
  body: string;
  tags: string[];
  language: string;
  checkedOn: Date;
  publishedAt: Date;
}

const inField = (column: string, term: string): Prisma.Sql => Prisma.sql`strpos(${Prisma.raw(`"${column}"`)}, ${term}) > 0`;

/** SQL condition: `term` occurs in one of the normalised columns. */
function occurs(term: string): Prisma.Sql {
  return Prisma.sql`(${Prisma.join(
    ['normTitle', 'normTags', 'normSummary', 'normBody'].map((c) => inField(c, term)),
    ' OR ',
  )})`;
}

/** SQL score of one term: 4 in the title, 2 in tags or summary, 1 in the body only. */
function weight(term: string): Prisma.Sql {
  return Prisma.sql`(CASE WHEN ${inField('normTitle', term)} THEN 4 WHEN ${inField('normTags', term)} OR ${inField('normSummary', term)} THEN 2 ELSE 1 END)`;
}

function toHit(row: HitRow, terms: readonly string[]): ArticleHit {
  const snippet =
    terms.length === 0
      ? null
      : (buildSnippet(markdownToPlainText(row.body), terms) ??
        buildSnippet(row.summary, terms) ??
        buildSnippet(row.title, terms) ??
        buildSnippet(row.tags.join(' '), terms));
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    snippet,
    tags: row.tags,
    language: row.language,
    checkedOn: dateToIso(row.checkedOn),
    publishedAt: dateToIso(row.publishedAt),
  };
}

/** The SQL that finds and ranks one page of the rows matching every term. */
function articleMatchSql(terms: readonly string[], language: string | undefined, limit: number, offset: number): Prisma.Sql {
  const grams = [...new Set(terms.flatMap(termGrams))];
  const languageFilter = language === undefined ? Prisma.empty : Prisma.sql`AND language = ${language}`;
  const confirmed = terms.filter(needsConfirmation).map(occurs);
  const confirmation = confirmed.length === 0 ? Prisma.empty : Prisma.sql`AND ${Prisma.join(confirmed, ' AND ')}`;
  return Prisma.sql`
    SELECT slug, title, summary, body, tags, language, "checkedOn", "publishedAt"
    FROM "Article"
    WHERE grams @> ${grams}::text[] ${confirmation} ${languageFilter}
    ORDER BY ${Prisma.join(terms.map(weight), ' + ')} DESC, "publishedAt" DESC, slug ASC
    LIMIT ${limit + 1} OFFSET ${offset}`;
}

/**
 * Runs the match query with sequential scans disabled for its transaction: for grams that occur in most rows
 * the planner's estimate favours a seq scan, which has to detoast every row's gram array and is 10-40x slower
 * than the bitmap scan of the GIN index.
 */
async function matchRows(db: Database, sql: Prisma.Sql): Promise<HitRow[]> {
  const [, rows] = await db.prisma.$transaction([
    db.prisma.$executeRaw`SET LOCAL enable_seqscan = off`,
    db.prisma.$queryRaw<HitRow[]>(sql),
  ]);
  return rows;
}

/** Free-text search (every term must match); without terms, the newest articles. */
export async function searchArticles(db: Database, query: ArticleQuery): Promise<ArticleSearchResult> {
  const offset = decodeOffsetCursor(query.cursor, 'articles');
  const limit = query.limit ?? 20;
  const terms = queryTerms(query.q ?? '');
  const rows: HitRow[] =
    terms.length === 0
      ? await db.prisma.article.findMany({
          where: { language: query.language },
          select: { slug: true, title: true, summary: true, body: true, tags: true, language: true, checkedOn: true, publishedAt: true },
          orderBy: [{ publishedAt: 'desc' }, { slug: 'asc' }],
          skip: offset,
          take: limit + 1,
        })
      : await matchRows(db, articleMatchSql(terms, query.language, limit, offset));
  return {
    items: rows.slice(0, limit).map((row) => toHit(row, terms)),
    nextCursor: nextOffsetCursor('articles', offset, limit, rows.length),
  };
}
