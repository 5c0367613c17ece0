import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogDataDir } from '../src/data-dir.js';

export interface FixtureArticle {
  slug: string;
  title: string;
  summary?: string;
  body?: string;
  tags?: string[];
  language?: 'ja' | 'en';
  publishedAt?: string;
}

/** A throw-away data directory: the real FTMO file plus the given articles. */
export function fixtureDataDir(articles: FixtureArticle[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-fixture-'));
  mkdirSync(join(dir, 'firms'));
  mkdirSync(join(dir, 'articles'));
  cpSync(join(catalogDataDir(), 'firms', 'ftmo.yaml'), join(dir, 'firms', 'ftmo.yaml'));
  for (const a of articles) writeArticle(dir, a);
  return dir;
}

export function writeArticle(dir: string, a: FixtureArticle): void {
  const front = [
    `slug: ${a.slug}`,
    `title: ${JSON.stringify(a.title)}`,
    `summary: ${JSON.stringify(a.summary ?? 'summary')}`,
    `tags: ${JSON.stringify(a.tags ?? ['misc'])}`,
    `language: ${a.language ?? 'ja'}`,
    'checkedOn: 2026-01-01',
    `publishedAt: ${a.publishedAt ?? '2026-01-01'}`,
  ].join('\n');
  writeFileSync(join(dir, 'articles', `${a.slug}.md`), `---\n${front}\n---\n${a.body ?? 'body'}\n`);
}

/** Rewrites one firm file of a data directory. */
export function editFirmFile(dir: string, slug: string, edit: (yaml: string) => string): void {
  const file = join(dir, 'firms', `${slug}.yaml`);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}
