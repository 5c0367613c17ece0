import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { DestinationError, isPrivateAddress, publicAddresses, type Resolve } from '../shared/destination.js';

/**
 * How one attempt ended: sent, or failed with whether a later attempt may succeed (and, for a failure that says
 * something about the destination's network, after how many attempts to stop).
 */
export type SendOutcome =
  { readonly ok: true } | { readonly ok: false; readonly retry: boolean; readonly error: string; readonly maxAttempts?: number };

/**
 * A connection that failed (refused, reset, a TLS handshake, an unreachable network) is told as one fixed reason and
 * tried this many times only: the log must not say which ports of a host are open (refused vs TLS error vs
 * silence) by its words, nor by 24 h of retries that differ by the answer.
 */
export const CONNECT_ATTEMPTS = 3;
export const COULD_NOT_CONNECT = 'could not connect';

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

/**
 * A status and a fixed reason: the receiver's own answer is never kept, since a receiver (or a proxy in front of it)
 * may echo the request's URL, token included, into the log, the dashboard and the database.
 */
export function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  if (status >= 300 && status < 400)
    return { ok: false, retry: false, error: `HTTP ${status}: redirect refused (redirects are not followed)` };
  const retry = status === 408 || status === 429 || status >= 500;
  return { ok: false, retry, error: `HTTP ${status}: ${reasonOf(status)}` };
}

function reasonOf(status: number): string {
  if (status === 401 || status === 403) return 'the receiver refused the credentials (token or URL)';
  if (status === 404 || status === 410) return 'nothing at this address (a deleted webhook or bot?)';
  if (status === 408 || status === 429) return 'the receiver asked to come back later';
  if (status >= 500) return 'the receiver failed';
  return 'the receiver refused the message';
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
  // Node never calls the lookup hook for an IP literal: the address rule is applied to it here, at every delivery,
  // so a literal saved while private destinations were allowed is refused once they are not.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!options.allowPrivate && isIP(literal) !== 0 && isPrivateAddress(literal))
    return Promise.resolve({ ok: false, retry: false, error: `refused: ${url.hostname} is not a public address` });
  return new Promise((resolve) => {
    const req = send(url, requestOptions, (res) => {
      const status = res.statusCode ?? 0;
      // The body is read to free the socket, never kept (see outcomeOf).
      res.resume();
      res.on('error', () => {
        resolve({ ok: false, retry: true, error: `HTTP ${status}: the answer broke off` });
      });
      res.on('end', () => {
        resolve(outcomeOf(status));
      });
    });
    req.on('error', (error: Error) => {
      // A destination that now resolves inside is refused for good: retrying cannot make it public.
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      if (error instanceof DestinationError) resolve({ ok: false, retry: false, error: `refused: ${error.message}` });
      else if (timedOut) resolve({ ok: false, retry: true, error: `no answer within ${options.timeoutMs} ms` });
      else resolve({ ok: false, retry: true, error: COULD_NOT_CONNECT, maxAttempts: CONNECT_ATTEMPTS });
    });
    req.end(body);
  });
}
