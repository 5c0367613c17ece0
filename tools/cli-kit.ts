/**
 * What the operator commands (`npm run keys`, `users`, `fx`) share: opening the configured database with a
 * clear answer when the embedded one is held by the running service, printing a failure, and the exit code.
 */
import { isAppError } from '@propfolio/core';
import { DataDirectoryLockedError, openDatabase, type Database } from '@propfolio/db';

/** A command line the command cannot understand: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** The parsed command, or null after printing the usage for a UsageError (the caller exits 2). */
export function parseOrExplain<T>(parse: () => T, usage: string): T | null {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${usage}`);
    return null;
  }
}

/**
 * The configured database (DATABASE_URL, else the embedded one in DATA_DIR), or null after explaining why
 * a held embedded database cannot be opened; `instead` says what the reader can do in the dashboard.
 */
export async function openCliDatabase(command: string, instead: string): Promise<Database | null> {
  try {
    return await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? './data' });
  } catch (error) {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    console.error(
      'The embedded database is in use by the running service, and one embedded database belongs to one process.\n' +
        `Either stop the service and run this again, or ${instead}, or run the service on PostgreSQL (DATABASE_URL),\n` +
        `where \`npm run ${command}\` works while it runs.`,
    );
    return null;
  }
}

/**
 * Opens the database (see openCliDatabase), runs the command's work on it, prints a refusal the user can act
 * on, and closes the database whatever happens: the exit code (0 done, 1 refused or database held).
 */
export async function withCliDatabase(command: string, instead: string, work: (db: Database) => Promise<0 | 1>): Promise<0 | 1> {
  const db = await openCliDatabase(command, instead);
  if (!db) return 1;
  try {
    return await work(db);
  } catch (error) {
    return reportFailure(error);
  } finally {
    await db.close();
  }
}

/** Prints a refusal the user can act on (an AppError's detail and per-field lines); rethrows anything else. */
export function reportFailure(error: unknown): 1 {
  if (!isAppError(error)) throw error;
  console.error(error.detail);
  for (const line of error.errors ?? []) console.error(`  ${line.message}`);
  return 1;
}

/** Runs a command's main and exits with its code; an unexpected error prints its message and exits 1. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
