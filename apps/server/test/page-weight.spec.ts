import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { webDistDir, webRouter } from '@propfolio/web/server';
import { pageLoads, readPageWeights, writePageWeights, type PageWeight } from '@propfolio/web/page-weight';

const DOC = join(import.meta.dirname, '..', '..', '..', 'docs', 'dashboard.md');
/** How far a documented figure may be from the build's before the page must be regenerated (small edits pass). */
const within = (documented: number, measured: number) => Math.abs(documented - measured) <= Math.max(0.5, measured * 0.05);

/** The body's length as it travels: node:http, since fetch would decode it. */
function transferred(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string | undefined; status: number }>((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html,*/*' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'], status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

// The real build (the server's test target builds the web app first), served by the router npm start mounts:
// what each visit transfers, and the figures docs/dashboard.md states. After a change that moves them:
// UPDATE_PAGE_WEIGHT=1 rewrites the table.
describe('the dashboard’s page weight', () => {
  const dist = webDistDir();
  let server: Server;
  let base: string;
  beforeAll(async () => {
    if (!existsSync(join(dist, '.vite', 'manifest.json'))) throw new Error(`no build in ${dist}: run \`npx nx run @propfolio/web:build\``);
    const app = express().use(webRouter(dist));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const urlOf = (file: string) => (file === 'index.html' ? `${base}/` : `${base}/${file}`);

  it('sends every script, style and the page compressed, and docs/dashboard.md states what each visit transfers', async () => {
    const sizes = new Map<string, { br: number; gzip: number; raw: number }>();
    const loads = pageLoads(dist);
    for (const file of new Set(loads.flatMap((load) => load.files))) {
      const [br, gzip, raw] = await Promise.all(['br, gzip', 'gzip', 'identity'].map((encoding) => transferred(urlOf(file), encoding)));
      expect([file, br?.status, gzip?.status, raw?.status]).toEqual([file, 200, 200, 200]);
      // the shell's few tiny files are below what compression pays for; anything over 1 kB goes compressed
      if ((raw?.bytes ?? 0) > 1024) expect([file, br?.encoding, gzip?.encoding]).toEqual([file, 'br', 'gzip']);
      sizes.set(file, { br: br?.bytes ?? 0, gzip: gzip?.bytes ?? 0, raw: raw?.bytes ?? 0 });
    }
    const weights: PageWeight[] = loads.map(({ label, files }) => {
      const sum = (key: 'br' | 'gzip' | 'raw') => files.reduce((total, file) => total + (sizes.get(file)?.[key] ?? 0), 0);
      return { label, br: sum('br'), gzip: sum('gzip'), raw: sum('raw') };
    });
    for (const w of weights) expect(w.br < w.gzip && w.gzip < w.raw / 2).toBe(true);

    const text = readFileSync(DOC, 'utf8');
    if (process.env.UPDATE_PAGE_WEIGHT === '1') writeFileSync(DOC, writePageWeights(text, weights));
    const documented = readPageWeights(process.env.UPDATE_PAGE_WEIGHT === '1' ? readFileSync(DOC, 'utf8') : text);
    const drift = weights.flatMap(({ label, br, gzip, raw }) => {
      const stated = documented.get(label);
      const measured = [br, gzip, raw].map((bytes) => bytes / 1000);
      return stated && stated.every((value, i) => within(value, measured[i] ?? 0))
        ? []
        : [
            `${label}: docs say ${stated?.join(' / ') ?? 'nothing'} kB, the build sends ${measured.map((n) => n.toFixed(1)).join(' / ')} kB`,
          ];
    });
    expect(drift).toEqual([]);
    expect([...documented.keys()].sort()).toEqual(weights.map((w) => w.label).sort());
  });
});
