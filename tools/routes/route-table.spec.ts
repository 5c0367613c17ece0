import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { openApiRoutes, ROOT, ROUTES_DOC, routes, routesPage } from './route-table.ts';

// docs/routes.md is written from the OpenAPI document and the descriptors, never by hand:
// `npx tsx tools/routes/route-table.ts` rewrites it.
describe('docs/routes.md, the route table', () => {
  it('is the page the generator writes now', () => {
    expect(readFileSync(ROUTES_DOC, 'utf8')).toBe(routesPage());
  });

  it('lists every REST operation of the OpenAPI document once', () => {
    const listed = routes().map((r) => `${r.method} ${r.path} ${r.operationId}`);
    expect(listed).toEqual(openApiRoutes().map((r) => `${r.method} ${r.path} ${r.operationId}`));
    expect(new Set(listed.map((l) => l.split(' ')[2])).size).toBe(listed.length);
    expect(listed.length).toBeGreaterThan(40);
  });

  it('names only files that exist, the descriptor defining the operation and the service declaring its method', () => {
    for (const route of routes()) {
      expect(readFileSync(join(ROOT, route.descriptor), 'utf8')).toContain(`name: '${route.operationId}'`);
      if (route.service !== null)
        expect({ [route.operationId]: existsSync(join(ROOT, route.service)) }).toEqual({ [route.operationId]: true });
    }
  });

  it('follows run through the members to the service file', () => {
    const byId = new Map(routes().map((r) => [r.operationId, r]));
    expect(byId.get('get_headroom')?.service).toBe('libs/domain/src/coach/headroom.service.ts');
    expect(byId.get('search_plans')?.service).toBe('libs/catalog/src/catalog.service.ts');
  });

  it('refuses an operation whose descriptor cannot be found', () => {
    expect(() => routes({ paths: { '/api/v1/x': { get: { operationId: 'no_such_op' } } } })).toThrow(/no_such_op: no descriptor/);
  });
});
