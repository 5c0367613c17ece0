/**
 * How long one statement import holds the event loop: `/healthz` of this process is probed every 50 ms by a
 * child process (its own event loop, so a stall here shows as a slow answer there) while the largest accepted
 * file is imported, as a dry run and as a real write. The file is read before the probe starts and handed to the
 * import as its reader's answer: the server reads statements on its worker pool, so what is measured is what the
 * import itself does on the event loop (days, checks, database writes, the answer).
 *
 *   npx tsx tools/chaos/statement-stall.ts                       # embedded database (PGlite, in memory)
 *   TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx tools/chaos/statement-stall.ts
 *
 * Prints one line per run: the file, the outcome (HTTP-like status and counts) and the probe's p50/p99/max.
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseInput } from '@propfolio/core';
import { createDomainServices, ImportStatementInput, RegisterAccountInput } from '@propfolio/domain';
import { readStatement, type Statement } from '@propfolio/mt-statements';
import { openDatabase } from '@propfolio/db';
import pg from 'pg';
import { reportOfDays } from '@propfolio/domain/testing';
import { probeDuring } from './healthz-probe.js';

// A scratch database of its own on PostgreSQL (dropped at the end); PGlite in memory otherwise. Not the test
// helpers of @propfolio/db/testing: they need Jest's globals, and this runs under plain tsx.
const serverUrl = process.env.TEST_DATABASE_URL;
const target = serverUrl ? 'postgres' : 'pglite';
const scratchName = `pf_stall_${String(process.pid)}`;
const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : undefined;
await admin?.connect();
await admin?.query(`CREATE DATABASE ${scratchName}`);
const scratchUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${scratchName}` }).href : undefined;
const db = scratchUrl ? await openDatabase({ databaseUrl: scratchUrl }) : await openDatabase({ memory: true });
let parsed: Statement | undefined;
const services = createDomainServices(db, { readStatement: (bytes) => Promise.resolve(parsed ?? readStatement(bytes)) });
const health = createServer((_req, res) => res.end('{"status":"ok"}'));
await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${String((health.address() as AddressInfo).port)}/healthz`;
const user = await db.prisma.user.create({ data: { name: `stall-${String(Date.now())}` } });
const caller = { userId: user.id, userName: user.name, credentialId: 'key:bench', scope: 'full' as const };

const sizes = (process.env.STALL_SIZES ?? '20000x4,1500x1').split(',').map((s) => s.split('x').map(Number) as [number, number]);
for (const [days, perDay] of sizes) {
  for (const dryRun of [true, false]) {
    const login = `${String(days)}${String(perDay)}${dryRun ? '1' : '2'}`;
    const account = await services.accounts.register(
      caller,
      await parseInput(RegisterAccountInput, { login, server: 'Stall', currency: 'USD', initialBalance: 100000 }),
    );
    const file = reportOfDays(login, days, perDay);
    parsed = readStatement(file.bytes);
    const input = await parseInput(ImportStatementInput, { id: account.id, content: file.bytes.toString('base64'), dryRun });
    const started = performance.now();
    const { result, ...probe } = await probeDuring(url, () =>
      services.statements.import(caller, input).then(
        (answer) => `200 created=${String(answer.created)} days=${String(answer.days.length)}`,
        (error: unknown) => `${(error as { code?: string }).code ?? 'error'}: ${(error as Error).message.slice(0, 120)}`,
      ),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${target} ${dryRun ? 'dry run' : 'write  '} ${String(days)} days × ${String(perDay)} (${(file.bytes.length / 1_048_576).toFixed(2)} MiB, ${String(file.deals)} deals): ${result} in ${seconds} s; healthz p50 ${String(probe.p50)} ms, p99 ${String(probe.p99)} ms, max ${String(probe.max)} ms (${String(probe.probes)} probes)\n`,
    );
  }
}
health.close();
