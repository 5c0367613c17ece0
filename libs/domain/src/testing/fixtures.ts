import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { parseInput, type Caller, type Constructor } from '@propfolio/core';
import type { Database } from '@propfolio/db';

/** A fixed "now" for date rules: 2026-03-15 12:00 UTC. */
export const NOW = new Date('2026-03-15T12:00:00.000Z');

/** A fresh user of its own, as the caller an API key would give. */
export async function newCaller(db: Database, name = `user-${randomUUID()}`): Promise<Caller> {
  const user = await db.prisma.user.create({ data: { name } });
  return { userId: user.id, userName: user.name, credentialId: `key:${randomUUID()}`, scope: 'full' };
}

/** Validates `input` against `contract` exactly as both front doors do. */
export const parse = <T extends object>(contract: Constructor<T>, input: unknown): Promise<T> => parseInput(contract, input);
