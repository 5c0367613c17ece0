/**
 * `npx tsx tools/bench/sql-log.ts`: the SQL the built server runs for each route of the http suite (and
 * for a challenge's headroom), from PostgreSQL's own statement log: a scratch database with
 * `log_statement = 'all'`, the seeded user, the server with the answer cache off, each route requested
 * twice (the second with the credential cached, which is what a measured request runs). This is how the
 * statements of `http/anchor-server.mjs` were found; run it again when a service's queries change.
 * Env: SQL_LOG_SERVER (default postgresql://postgres@127.0.0.1:5432/postgres, a role that may create
 * databases and set log_statement), SQL_LOG_FILE (PostgreSQL's log, default Debian's).
 */
import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { createScratchDatabase } from '@propfolio/db/tooling';
import { seedUser } from './http/seed.ts';
import { startServer } from './http/server-process.ts';
import { routes } from './suites/http.ts';

const serverUrl = process.env.SQL_LOG_SERVER ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const logPath = process.env.SQL_LOG_FILE ?? '/var/log/postgresql/postgresql-15-main.log';
const scratch = await createScratchDatabase(serverUrl);
const name = new URL(scratch.url).pathname.slice(1);
const env = { DATABASE_URL: scratch.url, ANSWER_CACHE_ENTRIES: '0' };
const logFile = `/tmp/${name}.log`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ours = (entry: string) => entry.includes(`@${name} LOG:`) && !/ChangeOutbox|SET propfolio|LISTEN|pg_notify\(\$1/.test(entry);

/**
 * This database's entries written to PostgreSQL's log since byte `start`, without the outbox drain that runs on
 * a timer (sliced as bytes: the log holds non-ASCII query text, where characters and bytes differ).
 */
const entriesSince = (start: number) =>
  readFileSync(logPath)
    .subarray(start)
    .toString('utf8')
    .split(/\n(?=\d{4}-\d\d-\d\d )/)
    .filter(ours);

/**
 * The statements logged while `work` ran. A loaded machine writes the log late, and other databases' entries
 * keep it growing: wait (up to 5 s) for this database's first entry, then 300 ms for the rest.
 */
async function logged(work: () => Promise<unknown>): Promise<string[]> {
  const start = statSync(logPath).size;
  await work();
  for (let waited = 0; waited < 5000 && entriesSince(start).length === 0; waited += 100) await sleep(100);
  await sleep(300);
  return entriesSince(start).map((entry) => entry.replace(/^.*? LOG: {2}/, ''));
}

try {
  await (await startServer('sql-log', 'apps/server/dist/main.js', env, { logFile })).stop();
  const user = await seedUser({ databaseUrl: scratch.url }, 'sql-log');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${name} SET log_statement = 'all'`);
  await admin.end();
  const server = await startServer('sql-log', 'apps/server/dist/main.js', env, { logFile });
  try {
    const all = routes(user).filter((route) => route.kind !== 'mcp');
    const [first] = all;
    all.push({
      label: 'GET /challenges/:id/headroom',
      kind: 'read',
      path: `/api/v1/challenges/${user.challengeId}/headroom`,
      headers: first?.headers ?? {},
    });
    for (const route of all) {
      const request = route.vary ? route.vary({ ...route }) : route;
      const send = async () => {
        const res = await fetch(server.base + route.path, {
          method: route.method ?? 'GET',
          headers: { 'content-type': 'application/json', ...route.headers },
          ...(request.body ? { body: request.body } : {}),
        });
        await res.arrayBuffer();
        return res.status;
      };
      await send(); // the credential lookup, once
      const statements = await logged(send);
      console.log(`\n## ${route.label}: ${statements.length} statements\n${statements.join('\n')}`);
    }
  } finally {
    await server.stop();
  }
} finally {
  await scratch.drop();
}
