import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { apiSurface, breakingChanges, type ApiSurface, type Break } from './api-surface.js';

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The sections of docs/changelog.md, each from its `## ` heading to the next. */
const sections = (changelog: string) => changelog.split(/^## /m).slice(1);

/** A break is written down when one section names its operation and, unless the operation is gone, its field. */
function undocumented(breaks: Break[], changelog: string): string[] {
  const entries = sections(changelog);
  return breaks
    .filter(
      ({ operation, field }) =>
        !entries.some((entry) => entry.includes(`\`${operation}\``) && (field === '' || entry.includes(`\`${field}\``))),
    )
    .map(({ operation, field, change }) => `${operation}${field === '' ? '' : ` ${field}`}: ${change}`);
}

describe('the API changelog', () => {
  it('names every change of the committed OpenAPI since the first release that can break a v1 client', () => {
    const baseline = JSON.parse(read('tools/readme/rest-v1-baseline.json')) as ApiSurface;
    const current = apiSurface(JSON.parse(read('docs/openapi/rest.json')) as Record<string, unknown>);
    expect(Object.keys(current).length).toBeGreaterThan(30);
    expect(undocumented(breakingChanges(baseline, current), read('docs/changelog.md'))).toEqual([]);
  });

  it('has the plan search default as its first entry, with the way back', () => {
    const [first] = sections(read('docs/changelog.md'));
    expect(first).toContain('`GET /api/v1/plans`');
    expect(first).toContain('`detail=full`');
  });

  // The detector on a small surface: each kind of break is found, and only when a section names it.
  const before: ApiSurface = {
    'GET /api/v1/plans': { request: { 'query.firm': false }, '200': { items: true, 'items[].id': true, nextCursor: true } },
    'DELETE /api/v1/things/{id}': { request: {}, '204': {} },
  };

  it('finds a removed field or operation, an answer field no longer always present, a newly required request field', () => {
    const after: ApiSurface = {
      'GET /api/v1/plans': {
        request: { 'query.firm': true, 'query.detail': false },
        '200': { items: false, nextCursor: true, programs: true },
      },
    };
    expect(breakingChanges(before, after)).toEqual([
      { operation: 'GET /api/v1/plans', field: 'items', change: 'no longer always in the answer' },
      { operation: 'GET /api/v1/plans', field: 'items[].id', change: 'field removed' },
      { operation: 'GET /api/v1/plans', field: 'query.firm', change: 'now required in the request' },
      { operation: 'DELETE /api/v1/things/{id}', field: '', change: 'operation removed' },
    ]);
    // a new required field inside a list the old request had is a break: a client sending the list must now send it
    expect(
      breakingChanges(
        { 'POST /api/v1/x': { request: { 'body.items': false, 'body.items[].a': true } } },
        { 'POST /api/v1/x': { request: { 'body.items': false, 'body.items[].a': true, 'body.items[].b': true } } },
      ),
    ).toEqual([{ operation: 'POST /api/v1/x', field: 'body.items[].b', change: 'now required in the request' }]);
    // additions and a request field made optional break nobody, nor the required fields of a new optional list
    expect(
      breakingChanges(after, {
        ...after,
        'GET /api/v1/plans': {
          request: { 'query.detail': false, 'query.firm': false, 'query.size': false, 'body.extra': false, 'body.extra[].id': true },
          '200': { items: false, nextCursor: true, programs: true, suggestions: false },
        },
      }),
    ).toEqual([]);
  });

  it('counts a break as written down only in a section naming both the operation and the field', () => {
    const breaks = breakingChanges(before, { 'GET /api/v1/plans': { request: { 'query.firm': false }, '200': { nextCursor: true } } });
    expect(undocumented(breaks, '## 1\n`GET /api/v1/plans` answers `programs`.\n## 2\n`items` and `items[].id` are gone.\n')).toHaveLength(
      3,
    );
    expect(
      undocumented(breaks, '## 1\n`GET /api/v1/plans`: `items` and `items[].id` are gone; `DELETE /api/v1/things/{id}` too.\n'),
    ).toEqual([]);
  });

  it('reads a surface from OpenAPI: parameters, body and answer fields through $ref, arrays and variants', () => {
    const document = {
      components: {
        schemas: { Size: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, price: { type: 'number' } } } },
      },
      paths: {
        '/api/v1/plans': {
          post: {
            parameters: [{ name: 'cursor', in: 'query', required: false }],
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', required: ['firm'], properties: { firm: { type: 'string' } } } } },
            },
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['sizes', 'note'],
                      properties: {
                        sizes: { type: 'array', items: { $ref: '#/components/schemas/Size' } },
                        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                      },
                    },
                  },
                },
              },
              '400': { content: { 'application/problem+json': { schema: { type: 'object', properties: { code: {} } } } } },
            },
          },
        },
      },
    };
    expect(apiSurface(document)).toEqual({
      'POST /api/v1/plans': {
        request: { 'query.cursor': false, 'body.firm': true },
        '200': { sizes: true, 'sizes[].id': true, 'sizes[].price': false, note: true },
      },
    });
  });
});
