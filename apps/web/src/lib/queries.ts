import { app } from './api.js';
import type { Page } from './types.js';

/** Every page of a cursor list (the dashboard's lists are one person's records: small). */
export async function allPages<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await app.get<Page<T>>(path, { ...query, limit: 200, cursor });
    items.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return items;
}

export const todayIso = () => new Date().toISOString().slice(0, 10);
