import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { RestTestApp } from './harness.js';

interface OpenApiOperation {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: {
    content: {
      'application/json': { schema: { required?: string[]; properties: Record<string, unknown>; additionalProperties: boolean } };
    };
  };
  responses: Record<string, unknown>;
  security: unknown[];
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
};

describeEachDatabase('REST OpenAPI document and docs page', (getDb) => {
  let app: RestTestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
    const res = await app.raw().get('/api/v1/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.body as OpenApiDocument;
  });
  afterAll(() => app.close());

  const operation = (method: string, path: string): OpenApiOperation => {
    const found = doc.paths[`/api/v1${path}`]?.[method];
    if (!found) throw new Error(`no ${method} /api/v1${path} in the document`);
    return found;
  };

  it('is OpenAPI 3.1 with one entry per operation, at the path and method the router serves', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // Swagger UI (swagger-ui-dist) warns on a non-default dialect; 3.1's default one fits our schemas.
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    const served = app.context.operations.map(
      (op) => `${op.rest.method} /api/v1${op.rest.path.replace(/:([A-Za-z]+)/g, '{$1}')} ${op.name}`,
    );
    expect(documented.sort()).toEqual(served.sort());
    for (const route of [
      'GET /api/v1/me/summary',
      'GET /api/v1/challenges',
      'POST /api/v1/challenges',
      'GET /api/v1/challenges/{id}',
      'PATCH /api/v1/challenges/{id}',
      'POST /api/v1/challenges/{challengeId}/memos',
      'POST /api/v1/challenges/{challengeId}/payouts',
      'GET /api/v1/payouts',
      'GET /api/v1/accounts',
      'GET /api/v1/accounts/{id}/daily-pnl',
      'POST /api/v1/accounts',
      'POST /api/v1/accounts/{id}/reports',
      'GET /api/v1/plans',
      'GET /api/v1/articles',
      'GET /api/v1/articles/{slug}',
    ]) {
      expect(documented.some((line) => line.startsWith(`${route} `))).toBe(true);
    }
  });

  it('marks firm, plan and price required in the POST /challenges body and rejects unknown fields', () => {
    const schema = operation('post', '/challenges').requestBody?.content['application/json'].schema;
    expect(schema?.required?.sort()).toEqual(['firm', 'plan', 'price']);
    expect(schema?.additionalProperties).toBe(false);
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(
      [
        'billing',
        'currency',
        'firm',
        'paymentMethod',
        'phase',
        'plan',
        'price',
        'purchasedAt',
        'listPrice',
        'couponCode',
        'planId',
        'platform',
        'resetOf',
        'fxRate',
        'fxCurrency',
      ].sort(),
    );
  });

  it('documents path, query and Idempotency-Key parameters, statuses and the problem schema', () => {
    const pnl = operation('get', '/accounts/{id}/daily-pnl');
    expect(pnl.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
        expect.objectContaining({ name: 'days', in: 'query', required: false }),
      ]),
    );
    const list = operation('get', '/challenges');
    expect(list.parameters.map((p) => p.name).sort()).toEqual(['cursor', 'limit', 'status']);
    expect(operation('post', '/challenges').responses).toHaveProperty('201');
    expect(operation('post', '/challenges').responses).toHaveProperty('422');
    expect(operation('post', '/accounts/{id}/reports').responses).toHaveProperty('200');
    for (const [path, method] of [
      ['/challenges', 'post'],
      ['/challenges/{challengeId}/memos', 'post'],
      ['/challenges/{challengeId}/payouts', 'post'],
      ['/accounts', 'post'],
      ['/accounts/{id}/reports', 'post'],
    ] as const) {
      expect(operation(method, path).parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    }
    expect(doc.components.schemas).toHaveProperty('Problem');
    expect(operation('get', '/plans').security).toEqual([{}, { apiKey: [] }]);
    expect(operation('get', '/me/summary').security).toEqual([{ apiKey: [] }]);
  });

  it('serves the docs page and its assets at /api/docs, pointing at the same document, without a key', async () => {
    const page = await app.raw().get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('"/api/v1/openapi.json"');
    await app.raw().get('/api/docs/').expect(200);
    const bundle = await app.raw().get('/api/docs/assets/swagger-ui-bundle.js').expect(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
    await app.raw().get('/api/docs/assets/swagger-ui.css').expect(200);
  });
});
