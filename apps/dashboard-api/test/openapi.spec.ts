import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Router } from 'express';
import { describeEachDatabase } from '@propfolio/db/testing';
import { DASHBOARD_ROUTES } from '../src/api-routes.js';
import { dashboardRouter } from '../src/index.js';
import { TestService } from './harness.js';

interface OpenApiOperation {
  operationId: string;
  security: Record<string, unknown>[];
  requestBody?: { content: { 'application/json': { schema: { required?: string[]; properties: Record<string, unknown> } } } };
  responses: Record<string, unknown>;
}
type Document = { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every `METHOD path` an Express router serves, through its nested routers. */
function served(stack: Layer[]): string[] {
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((method) => `${method} ${layer.route?.path ?? ''}`)
      : served(layer.handle.stack ?? []),
  );
}

describeEachDatabase('the OpenAPI document of /app/api', (getDb) => {
  let service: TestService;
  let doc: Document;
  beforeAll(async () => {
    service = await TestService.start(getDb());
    const res = await service.http().get('/app/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = JSON.parse(res.text) as Document;
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  const entry = (method: string, path: string): OpenApiOperation => {
    const found = doc.paths[`/app/api${path}`]?.[method];
    if (!found) throw new Error(`no ${method} /app/api${path} in the document`);
    return found;
  };

  it('lists every route the dashboard serves, its own ones from the route table and the record operations', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`))
      .sort();
    const router = dashboardRouter(service.context) as Router & { stack: Layer[] };
    const routes = served(router.stack)
      .filter((line) => line !== 'get /openapi.json')
      .map((line) => line.replace(' ', ' /app/api'));
    expect([...new Set(routes)].sort()).toEqual(documented);
    expect(Object.values(DASHBOARD_ROUTES).map((r) => r.operationId)).toEqual(
      expect.arrayContaining(['sign_in', 'sign_up', 'create_key', 'list_trash', 'restore_from_trash', 'create_invite']),
    );
  });

  it('documents the dashboard’s own inputs from their contract classes, unknown fields refused', () => {
    const signUp = entry('post', '/auth/sign-up').requestBody?.content['application/json'].schema;
    expect(signUp?.required?.sort()).toEqual(['email', 'password']);
    expect(Object.keys(signUp?.properties ?? {}).sort()).toEqual(['email', 'invite', 'language', 'name', 'password']);
    expect(signUp?.properties.password).toMatchObject({ type: 'string', minLength: 10, maxLength: 256 });
    const key = entry('post', '/keys').requestBody?.content['application/json'].schema;
    expect(key?.properties.scope).toMatchObject({ enum: ['full', 'tracker'], default: 'full' });
    expect(entry('post', '/keys').security).toEqual([{ session: [], csrf: [] }]);
    expect(Object.keys(entry('post', '/admin/invites').responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
  });

  it('documents the record routes as the operations, with a session instead of a key', () => {
    const create = entry('post', '/challenges');
    expect(create.operationId).toBe('create_challenge');
    expect(create.security).toEqual([{ session: [], csrf: [] }]);
    expect(create.responses).not.toHaveProperty('422');
    expect(entry('get', '/me/summary').security).toEqual([{ session: [] }]);
    expect(entry('delete', '/challenges/{id}').operationId).toBe('delete_challenge');
  });

  it('documents the rules that /me sends', () => {
    const me = JSON.stringify(entry('get', '/me').responses['200']);
    expect(me).toContain('trashRetentionDays');
    expect(me).toContain('archivingChanges');
  });
});
