import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { DEFAULT_HTML_CSP, securityHeaders } from './security-headers.js';

const dir = mkdtempSync(join(tmpdir(), 'pf-headers-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><script type="module" src="/assets/app.js"></script>');
writeFileSync(join(dir, 'other.html'), '<!doctype html><title>other</title>');
writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INLINE = 'window.ui = start("/spec.json");';
const OWN_CSP = "default-src 'none'";

/** Static files, a page with an inline script, a page with its own policy, JSON: as the server mixes them. */
function app(trustProxy: boolean) {
  const server = express();
  server.use(securityHeaders({ trustProxy }));
  server.get('/docs', (_req, res) => res.type('html').send(`<!doctype html><script src="/x.js"></script><script>${INLINE}</script>`));
  server.get('/', (_req, res) => res.setHeader('Content-Security-Policy', OWN_CSP).type('html').send('<!doctype html>'));
  server.get('/json', (_req, res) => res.json({ ok: true }));
  server.use(express.static(dir, { index: false }));
  return server;
}

describe('securityHeaders', () => {
  it('gives every HTML answer without a policy the CSP, framing refused and same-origin referrers; nosniff on all', async () => {
    for (const path of ['/index.html', '/other.html']) {
      const res = await request(app(false)).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-security-policy']).toBe(DEFAULT_HTML_CSP);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const path of ['/assets/app.js', '/json']) {
      const res = await request(app(false)).get(path);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
    const own = await request(app(false)).get('/');
    expect(own.headers['content-security-policy']).toBe(OWN_CSP);
    expect(own.headers['x-frame-options']).toBe('DENY');
  });

  it('allows a server-rendered page its own inline script by hash, nothing else inline', async () => {
    const res = await request(app(false)).get('/docs');
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS only over HTTPS: X-Forwarded-Proto counts only with TRUST_PROXY', async () => {
    const hsts = async (trustProxy: boolean, proto?: string) => {
      const req = request(app(trustProxy)).get('/json');
      return (await (proto ? req.set('X-Forwarded-Proto', proto) : req)).headers['strict-transport-security'];
    };
    expect(await hsts(true, 'https')).toBe('max-age=31536000');
    expect(await hsts(true, 'http')).toBeUndefined();
    expect(await hsts(true)).toBeUndefined();
    expect(await hsts(false, 'https')).toBeUndefined();
  });
});
