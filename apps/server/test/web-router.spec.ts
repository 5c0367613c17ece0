import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { webRouter } from '@propfolio/web/server';

// The dashboard's router alone, over a stand-in build: which requests get the page and which a problem.
describe('the dashboard router', () => {
  let dist: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pf-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Propfolio</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = express().use(webRouter(dist));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  const answer = async (path: string, accept?: string, method = 'GET') => {
    const res = await fetch(`${base}${path}`, { method, headers: accept === undefined ? {} : { accept } });
    return [res.status, res.headers.get('content-type')?.split(';')[0]];
  };
  const page = [200, 'text/html'];
  const problem = [404, 'application/problem+json'];

  it('answers the page at / to a browser, curl (*/*), a probe without Accept and a HEAD', async () => {
    expect(await answer('/', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toEqual(page);
    expect(await answer('/', '*/*')).toEqual(page);
    expect(await answer('/')).toEqual(page);
    expect(await answer('/', 'application/json, */*;q=0.1')).toEqual(page);
    expect((await answer('/', '*/*', 'HEAD'))[0]).toBe(200);
    expect(await answer('/challenges/3f1c', '*/*')).toEqual(page);
  });

  it('answers a problem to a client that accepts JSON only, to a missing file and to a write', async () => {
    expect(await answer('/', 'application/json')).toEqual(problem);
    expect(await answer('/', 'application/problem+json')).toEqual(problem);
    expect(await answer('/favicon-missing.png', '*/*')).toEqual(problem);
    expect(await answer('/assets/missing.js')).toEqual(problem);
    expect(await answer('/', '*/*', 'POST')).toEqual(problem);
    expect(await answer('/assets/app.js', '*/*')).toEqual([200, 'text/javascript']);
  });
});
