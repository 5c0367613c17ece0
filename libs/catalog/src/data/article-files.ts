/**
 * Reads and validates the Markdown articles (`data/articles/*.md`, YAML front matter + body).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Type from 'typebox';
import { ARTICLE_SLUG_PATTERN } from '../catalog.outputs.js';
import { assertIsoDate, assertSchema, parseYaml } from './validate.js';

const FrontMatterSchema = Type.Object(
  {
    slug: Type.String({ pattern: ARTICLE_SLUG_PATTERN, maxLength: 100 }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    summary: Type.String({ minLength: 1, maxLength: 600 }),
    tags: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    language: Type.Enum(['ja', 'en']),
    checkedOn: Type.String(),
    publishedAt: Type.String(),
  },
  { additionalProperties: false },
);

export interface ArticleRecord {
  slug: string;
  title: string;
  summary: string;
  /** Markdown. */
  body: string;
  tags: string[];
  language: 'ja' | 'en';
  checkedOn: string;
  publishedAt: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

/** Parses one article file; `where` names it in errors. */
function parseArticle(source: string, where: string): ArticleRecord {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`Invalid catalog data in ${where}: missing YAML front matter`);
  // Dates stay strings: the YAML core schema does not turn them into Date objects.
  const meta = assertSchema(FrontMatterSchema, parseYaml(match[1] as string, where), where);
  assertIsoDate(meta.checkedOn, `${where} checkedOn`);
  assertIsoDate(meta.publishedAt, `${where} publishedAt`);
  const body = (match[2] as string).trim();
  if (body.length === 0) throw new Error(`Invalid catalog data in ${where}: empty body`);
  return { ...meta, body };
}

/** Loads every `articles/*.md` under `dataDir`; the file name must be the slug. */
export function loadArticles(dataDir: string): ArticleRecord[] {
  const dir = join(dataDir, 'articles');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const article = parseArticle(readFileSync(join(dir, file), 'utf8'), `articles/${file}`);
      if (`${article.slug}.md` !== file)
        throw new Error(`Invalid catalog data in articles/${file}: slug "${article.slug}" does not match the file name`);
      return article;
    });
}
