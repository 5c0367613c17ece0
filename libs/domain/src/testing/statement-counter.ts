import type { Database, PrismaClient } from '@propfolio/db';

/** The database with every statement counted: driver queries, and every Prisma model or raw query. */
export function countingStatements(db: Database): { db: Database; statements: () => number } {
  let statements = 0;
  const prisma = db.prisma.$extends({
    query: {
      $allOperations: ({ args, query }) => {
        statements++;
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  const counted: Database = {
    ...db,
    prisma,
    driverQuery: (sql, params) => {
      statements++;
      return db.driverQuery(sql, params);
    },
  };
  return { db: counted, statements: () => statements };
}
