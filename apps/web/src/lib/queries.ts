import { app, type AppCall, type AppPath } from './api.js';

/** The list answers' paths (the ones whose answer is a cursor page). */
type ListPath = {
  [P in AppPath<'get'>]: AppCall<'get', P> extends { items: unknown[]; nextCursor: string | null } ? P : never;
}[AppPath<'get'>];
type ItemOf<P extends ListPath> = AppCall<'get', P> extends { items: (infer T)[] } ? T : never;

/** Every page of a cursor list (the dashboard's lists are one person's records: small). */
export async function allPages<P extends ListPath>(path: P, query: Record<string, string | number | undefined> = {}): Promise<ItemOf<P>[]> {
  const items: ItemOf<P>[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = (await app.get(path, { ...query, limit: 200, cursor })) as { items: ItemOf<P>[]; nextCursor: string | null };
    items.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return items;
}

export const todayIso = () => new Date().toISOString().slice(0, 10);
