import { describe, expect, it } from '@jest/globals';
import type { Operation, RestFile } from '@propfolio/core';
import express from 'express';
import request from 'supertest';
import { sendAnswer } from './send-answer.js';

/** An operation whose answer is a file (`restFile`), sent by sendAnswer as a door with or without `files` would. */
function server(file: RestFile, files: boolean) {
  const operation = {
    name: 'export_things',
    rest: { method: 'GET', path: '/things/export.csv' },
    restFile: () => file,
  } as unknown as Operation;
  const app = express();
  app.get('/api/things/export.csv', (req, res) => sendAnswer(operation, { json: true }, 200, files, req, res));
  return app;
}

const CSV: RestFile = { contentType: 'text/csv; charset=utf-8', filename: 'things-2026-03-15.csv', body: '\uFEFFa,b\r\n' };

describe('sendAnswer of a file', () => {
  it('names the next file of a paged one in Link (this URL, cursor replaced) and X-Next-Cursor', async () => {
    const res = await request(server({ ...CSV, nextCursor: 'bmV4dA' }, true)).get('/api/things/export.csv?symbol=EUR%2FUSD&cursor=old');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="things-2026-03-15.csv"');
    expect(res.headers['link']).toBe('</api/things/export.csv?symbol=EUR%2FUSD&cursor=bmV4dA>; rel="next"');
    expect(res.headers['x-next-cursor']).toBe('bmV4dA');
  });

  it('sends no next link for the last file', async () => {
    const res = await request(server({ ...CSV, nextCursor: null }, true)).get('/api/things/export.csv');
    expect(res.headers['link']).toBeUndefined();
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('answers an everyDoor file on a door without files (the dashboard), and JSON there otherwise', async () => {
    const everywhere = await request(server({ ...CSV, everyDoor: true }, false)).get('/api/things/export.csv');
    expect(everywhere.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(everywhere.text).toBe('\uFEFFa,b\r\n');
    const restOnly = await request(server(CSV, false)).get('/api/things/export.csv');
    expect(restOnly.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(restOnly.body).toEqual({ json: true });
  });
});
