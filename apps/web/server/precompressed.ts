import { readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** The encodings the build writes twins for (`vite-plugins/precompress.ts`), best first, with each twin's suffix. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['encoding'];

/** Every file under `dir`, as a URL path relative to it (`assets/index-abc.js`). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  } catch {
    return [];
  }
}

/**
 * The best of `offered` (server's order of preference) by the client's `Accept-Encoding`: the highest q wins and
 * the server's order breaks ties, so `gzip, deflate, br` (what browsers send, equal weights) gets Brotli. `*`
 * stands for any encoding not named; q=0 refuses one. Null: send the file as it is (nothing acceptable, or the
 * client ranks `identity` above every twin).
 */
export function chooseEncoding<E extends string>(acceptEncoding: string, offered: readonly E[]): E | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (name === '') continue;
    const q = params.map((p) => /^q=([01](?:\.\d{0,3})?)$/i.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.toLowerCase(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  let best: E | null = null;
  for (const encoding of offered) if (weightOf(encoding) > (best === null ? 0 : weightOf(best))) best = encoding;
  if (best !== null && weights.has('identity') && (weights.get('identity') ?? 0) > weightOf(best)) return null;
  return best;
}

export interface SendOptions {
  /** Cache-Control max-age in ms (as express.static's `maxAge`). */
  maxAge: number;
  immutable: boolean;
}

/**
 * The build's pre-compressed twins, found once when the router is made (the build is immutable while the
 * process serves it): `send` answers a file with the best twin the client accepts (`Accept-Encoding`, q-values
 * honoured), or passes to the next handler for the file itself. Any file that has twins is answered with
 * `Vary: Accept-Encoding`, compressed or not, so a shared cache keeps the variants apart.
 */
export class Precompressed {
  private readonly twins = new Map<string, Set<Encoding>>();

  constructor(private readonly root: string) {
    const files = new Set(filesUnder(root));
    for (const file of files) {
      for (const { encoding, suffix } of ENCODINGS) {
        const original = file.slice(0, -suffix.length);
        if (file.endsWith(suffix) && files.has(original)) this.twins.set(original, (this.twins.get(original) ?? new Set()).add(encoding));
      }
    }
  }

  /** The encoding to send `file` (a path relative to the root) in, or null for the file as it is. */
  encodingFor(req: Request, file: string): Encoding | null {
    const available = this.twins.get(file);
    if (!available) return null;
    return chooseEncoding(
      req.get('accept-encoding') ?? '',
      ENCODINGS.map(({ encoding }) => encoding).filter((encoding) => available.has(encoding)),
    );
  }

  /** Sends `file` (relative to the root) compressed when it has a twin the client takes; else calls `next`. */
  send(req: Request, res: Response, next: NextFunction, file: string, options: SendOptions): void {
    if (!this.twins.has(file)) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    const encoding = this.encodingFor(req, file);
    if (encoding === null) {
      next();
      return;
    }
    const suffix = ENCODINGS.find((e) => e.encoding === encoding)?.suffix ?? '';
    // the type of the file it decodes to, not of `.br`/`.gz`; send() keeps a Content-Type already set
    res.type(extname(file));
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(`${file}${suffix}`, { root: this.root, maxAge: options.maxAge, immutable: options.immutable }, (error?: Error) => {
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next();
      }
    });
  }

  /** Middleware for the files under the root (GET and HEAD) that have twins; `under` is the folder it is mounted on. */
  handler(options: SendOptions, under = '') {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        next();
        return;
      }
      let path: string;
      try {
        path = [under, decodeURIComponent(req.path).replace(/^\/+/, '')].filter(Boolean).join('/');
      } catch {
        next();
        return;
      }
      this.send(req, res, next, path, options);
    };
  }
}
