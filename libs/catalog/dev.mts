import { openDatabase } from '../db/src/index.ts';
import { articleMatchSql } from './src/search/article-search.ts';
import { queryTerms } from './src/text/normalize.ts';
const db = await openDatabase({ dataDir: '/tmp/catbench' });
console.log(await db.prisma.article.count());
for (const q of process.argv.slice(2)) {
  const sql = articleMatchSql(queryTerms(q), undefined, 20, 0);
  const t = Date.now();
  const plan = await db.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ANALYZE ${sql.text.replace(/\$(\d+)/g, (_, i) => { const v = sql.values[Number(i) - 1]; return Array.isArray(v) ? `ARRAY[${v.map((x) => `'${x}'`).join(',')}]` : typeof v === 'number' ? String(v) : `'${v}'`; })}`);
  console.log(q, Date.now() - t, '\n' + plan.map((r) => r['QUERY PLAN']).join('\n'));
}
await db.close();
