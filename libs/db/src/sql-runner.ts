/**
 * The raw SQL surface the migration runner needs, implemented once per target. Multi-statement scripts
 * go through each driver's simple-query path (PGlite `exec`, pg without parameters), which Prisma's
 * parameterised `$executeRaw` cannot do.
 */
export interface SqlRunner {
  exec(script: string): Promise<void>;
  query<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /**
   * Runs `work` holding an exclusive, cross-process migration lock on this database, with a runner
   * bound to the locked session.
   */
  withMigrationLock<T>(work: (locked: SqlRunner) => Promise<T>): Promise<T>;
}
