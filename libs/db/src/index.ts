export { openDatabase, type Database, type DatabaseOptions } from './database.js';
export { DataDirectoryLockedError } from './directory-lock.js';
export type { MigrationReport } from './migrations.js';
export { decimalToNumber } from './money.js';
export { Prisma, PrismaClient } from './generated/prisma/client.js';
export type * from './generated/prisma/models.js';
export { Billing, ChallengeStatus } from './generated/prisma/enums.js';
export type { ChangeWatcher, StopWatching } from './change-feed.js';
