import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { openDatabase, type Database } from '@propfolio/db';
import { createScratchDatabase, type ScratchDatabase } from '@propfolio/db/testing';

/** The database under test: a scratch PostgreSQL database when TEST_DATABASE_URL is set, else in-memory PGlite. */
export interface ChaosDatabase {
  db: Database;
  /** Set on PostgreSQL: the scratch database's URL and name. */
  url: string | undefined;
  name: string | undefined;
  close(): Promise<void>;
}

export const serverUrl = process.env.TEST_DATABASE_URL;

export async function openChaosDatabase(poolSize = 10): Promise<ChaosDatabase> {
  let scratch: ScratchDatabase | undefined;
  if (serverUrl) scratch = await createScratchDatabase(serverUrl);
  const db = scratch ? await openDatabase({ databaseUrl: scratch.url, poolSize }) : await openDatabase({ memory: true });
  return {
    db,
    url: scratch?.url,
    name: scratch ? new URL(scratch.url).pathname.slice(1) : undefined,
    close: async () => {
      await db.close();
      await scratch?.drop();
    },
  };
}

export const target = serverUrl ? 'postgres' : 'pglite';

export async function listenOnLoopback(server: Server): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Prints one figure for the README's reliability table. */
export function report(name: string, figures: Record<string, unknown>): void {
  process.stdout.write(`[chaos] ${name} (${target}): ${JSON.stringify(figures)}\n`);
}
