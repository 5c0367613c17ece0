import type { Request, Response } from 'express';
import type { Operation, RestBytes } from '@propfolio/core';
import { answerEtag, answerJson, oncePerKeptAnswer } from './answer-json.js';

type EtagFn = (body: string, encoding: BufferEncoding) => string;

/**
 * The UTF-8 bytes of a kept answer's JSON text. `res.send` of a string encodes it anew on every request
 * (a year of daily P&L is about 30 kB, and encoding it was 4 % of a cache hit's CPU).
 */
const bodies = new WeakMap<object, Buffer>();

/**
 * Sends an operation's answer with `status`. With `files`, an operation with a file form (e.g. the
 * tax-year CSV) answers that file when it gives one for this output. Any other answer is its JSON text
 * with an ETag, both (and the text's bytes) made once per kept answer; `res.send` then answers a matching If-None-Match on a
 * GET with 304, as for any Express response.
 */
export function sendAnswer(operation: Operation, output: unknown, status: number, files: boolean, req: Request, res: Response): void {
  res.status(status);
  if (operation.restBytes) {
    sendBytes(operation.restBytes(output), req, res);
    return;
  }
  const file = operation.restFile?.(output) ?? null;
  if (file && (files || file.everyDoor === true)) {
    const bytes = Buffer.from(file.body, 'utf8');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    if (typeof file.nextCursor === 'string') nextPage(file.nextCursor, req, res);
    res.setHeader('Content-Length', String(bytes.length));
    res.end(bytes); // a download carries no ETag (it never had one)
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // Every operation answers an object; anything else is sent as JSON too rather than dropped.
  if (typeof output !== 'object' || output === null) {
    res.send(JSON.stringify(output ?? null));
    return;
  }
  // Express's own ETag generator (its `etag fn` setting), so the tag is the one `res.send` would make.
  const tag = req.app.get('etag fn') as EtagFn | undefined;
  if (tag)
    res.setHeader(
      'ETag',
      answerEtag(output, (json) => tag(json, 'utf8')),
    );
  res.send(oncePerKeptAnswer(bodies, output, (value) => Buffer.from(answerJson(value), 'utf8')));
}

/**
 * The next page of a paged file: this request's own path and query with `cursor` set (relative, RFC 8288, so it is
 * right behind any proxy and on either door), and the bare cursor for a client that pages without parsing links.
 */
function nextPage(cursor: string, req: Request, res: Response): void {
  const url = new URL(req.originalUrl, 'http://self');
  url.searchParams.set('cursor', cursor);
  res.setHeader('Link', `<${url.pathname}${url.search}>; rel="next"`);
  res.setHeader('X-Next-Cursor', cursor);
}

/**
 * A stored file (an image) as its own bytes and type, on both doors: never sniffed into another type, never run as a
 * page even when opened on its own (no scripts, styles or requests: `default-src 'none'`), shown inline, kept only in
 * the user's own browser cache; 304 on a matching If-None-Match.
 */
function sendBytes(bytes: RestBytes, req: Request, res: Response): void {
  res.setHeader('Content-Type', bytes.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('Content-Disposition', 'inline');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', bytes.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(bytes.body.length));
  res.end(bytes.body);
}
