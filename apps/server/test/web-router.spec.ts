import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { webRouter } from '@propfolio/web/server';

const BIG = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{ id: ${String(i)}, name: 'row ${String(i)}' }`).join(', ')}];`;

/** The bytes as they travel (fetch would decode them), with the headers that say what they are. */
function raw(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

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
    // a bundle with the twins the build writes beside it (vite-plugins/precompress.ts), and one without
    writeFileSync(join(dist, 'assets', 'big.js'), BIG);
    writeFileSync(join(dist, 'assets', 'big.js.br'), brotliCompressSync(BIG));
    writeFileSync(join(dist, 'assets', 'big.js.gz'), gzipSync(BIG));
    writeFileSync(join(dist, 'assets', 'gzip-only.css'), BIG);
    writeFileSync(join(dist, 'assets', 'gzip-only.css.gz'), gzipSync(BIG));
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><title>Propfolio</title>'));
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

  describe('compressed answers', () => {
    it('sends the Brotli twin to a browser that takes br, gzip to one that takes only gzip, the file to the rest', async () => {
      const br = await raw(`${base}/assets/big.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect([br.status, br.headers['content-encoding'], br.headers['content-type'], br.headers.vary]).toEqual([
        200,
        'br',
        'text/javascript; charset=utf-8',
        'Accept-Encoding',
      ]);
      expect(brotliDecompressSync(br.body).toString()).toBe(BIG);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const gz = await raw(`${base}/assets/big.js`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(BIG);

      for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0', '']) {
        const plain = await raw(`${base}/assets/big.js`, { 'accept-encoding': acceptEncoding });
        expect([plain.status, plain.headers['content-encoding'], plain.headers.vary, plain.body.toString()]).toEqual([
          200,
          undefined,
          'Accept-Encoding',
          BIG,
        ]);
      }
    });

    it('follows the client’s q-values and the twins a file has', async () => {
      expect((await raw(`${base}/assets/big.js`, { 'accept-encoding': 'br;q=0.5, gzip;q=1' })).headers['content-encoding']).toBe('gzip');
      expect((await raw(`${base}/assets/big.js`, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
      const onlyGzip = await raw(`${base}/assets/gzip-only.css`, { 'accept-encoding': 'br, gzip' });
      expect([onlyGzip.headers['content-encoding'], onlyGzip.headers['content-type']]).toEqual(['gzip', 'text/css; charset=utf-8']);
      // no twins: as it is, with no Vary to split caches for nothing
      const small = await raw(`${base}/assets/app.js`, { 'accept-encoding': 'br, gzip' });
      expect([small.headers['content-encoding'], small.headers.vary, small.body.toString()]).toEqual([
        undefined,
        undefined,
        'console.log(1)',
      ]);
    });

    it('sends the page compressed with its own headers, and a HEAD with no body', async () => {
      const page = await raw(`${base}/challenges`, { accept: 'text/html', 'accept-encoding': 'br' });
      expect([page.status, page.headers['content-encoding'], page.headers['content-type'], page.headers['cache-control']]).toEqual([
        200,
        'br',
        'text/html; charset=utf-8',
        'no-cache',
      ]);
      expect(page.headers['content-security-policy']).toBeTruthy();
      expect(brotliDecompressSync(page.body).toString()).toContain('<title>Propfolio</title>');
      const head = await raw(`${base}/assets/big.js`, { 'accept-encoding': 'br' }, 'HEAD');
      expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, 'br', 0]);
    });

    it('never serves a twin by its own name to a client that did not ask, nor a path outside the build', async () => {
      expect((await raw(`${base}/assets/..%2F..%2Fetc%2Fpasswd`, { 'accept-encoding': 'br' })).status).toBe(404);
      expect((await raw(`${base}/.vite/manifest.json`, {})).status).toBe(404);
    });
  });
});
