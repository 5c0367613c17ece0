import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { DestinationError, publicAddresses, type Resolve } from './destination.js';

/** How one attempt ended: sent, or failed with whether a later attempt may succeed. */
export type SendOutcome = { readonly ok: true } | { readonly ok: false; readonly retry: boolean; readonly error: string };

interface PostOptions {
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
  readonly resolve?: Resolve;
}

/**
 * The connection's own DNS answer is checked, not only the one seen at creation: a name re-pointed at 127.0.0.1
 * after the channel was saved (DNS rebinding) is refused here, on the address actually connected to.
 */
function guardedLookup(allowPrivate: boolean, resolve: Resolve | undefined): LookupFunction {
  return (hostname, options, callback) => {
    publicAddresses(hostname, allowPrivate, resolve).then(
      (addresses) => {
        const family = (address: string) => (isIP(address) === 6 ? 6 : 4);
        const first = addresses[0] ?? '';
        if (options.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: family(address) })),
          );
        else callback(null, first, family(first));
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, '', 0);
      },
    );
  };
}

function outcomeOf(status: number, answered: string): SendOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  if (status >= 300 && status < 400)
    return { ok: false, retry: false, error: `HTTP ${status} redirect refused (redirects are not followed)` };
  const text = answered.slice(0, 200).replace(/\s+/g, ' ').trim();
  const retry = status === 408 || status === 429 || status >= 500;
  return { ok: false, retry, error: `HTTP ${status}${text ? `: ${text}` : ''}` };
}

/**
 * POSTs a JSON body and reads the status. Redirects are not followed: a 3xx could point the request at an address
 * the checks refused, so it is a failure no retry fixes. 408, 429 and 5xx, a timeout or a broken connection are
 * worth another attempt; other 4xx (a deleted Discord webhook, a wrong chat id) are not.
 */
export function postJson(url: URL, body: string, headers: Readonly<Record<string, string>>, options: PostOptions): Promise<SendOutcome> {
  const requestOptions: RequestOptions = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Propfolio-Alerts/1',
      ...headers,
      'content-length': String(Buffer.byteLength(body)),
    },
    lookup: guardedLookup(options.allowPrivate, options.resolve),
    signal: AbortSignal.timeout(options.timeoutMs),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(url, requestOptions, (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < 500) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('error', () => {
        resolve({ ok: false, retry: true, error: `response broken after HTTP ${status}` });
      });
      res.on('end', () => {
        resolve(outcomeOf(status, Buffer.concat(chunks).toString('utf8')));
      });
    });
    req.on('error', (error: Error) => {
      // A destination that now resolves inside is refused for good: retrying cannot make it public.
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      if (error instanceof DestinationError) resolve({ ok: false, retry: false, error: `refused: ${error.message}` });
      else resolve({ ok: false, retry: true, error: timedOut ? `no answer within ${options.timeoutMs} ms` : error.message });
    });
    req.end(body);
  });
}
