import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { DestinationError, parseDestination, publicAddresses, type Resolve } from '../shared/destination.js';

/** Largest calendar file fetched or taken, in bytes (a year of ForexFactory events is about 1 MiB of JSON). */
export const MAX_CALENDAR_BYTES = 8 * 1_048_576;

export interface FetchOptions {
  readonly timeoutMs: number;
  /** ALERTS_ALLOW_PRIVATE_DESTINATIONS: a closed LAN or a test may fetch from private addresses and over http. */
  readonly allowPrivate: boolean;
  readonly resolve?: Resolve;
}

/**
 * The URL if it may be fetched: https and public, exactly as an alert destination (destination.ts); a
 * DestinationError naming why not. Checked before any connection is made.
 */
async function checkCalendarUrl(raw: string, options: FetchOptions): Promise<URL> {
  const url = parseDestination(raw, options.allowPrivate);
  await publicAddresses(url.hostname, options.allowPrivate, options.resolve);
  return url;
}

/** The connection's own lookup, judged again (a name re-pointed inside after the check is refused here). */
function checkedLookup(options: FetchOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    publicAddresses(hostname, options.allowPrivate, options.resolve).then(
      (addresses) => {
        const family = (a: string) => (isIP(a) === 6 ? 6 : 4);
        const first = addresses[0] ?? '';
        if (lookupOptions.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: family(address) })),
          );
        else callback(null, first, family(first));
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * GETs a calendar file's text. No redirects (a 3xx could point inside), at most MAX_CALENDAR_BYTES, within the
 * timeout; a failure is an Error whose message says what happened.
 */
export async function fetchCalendar(raw: string, options: FetchOptions): Promise<string> {
  const url = await checkCalendarUrl(raw, options);
  const get = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = get(
      url,
      {
        method: 'GET',
        headers: { 'user-agent': 'Propfolio-Calendar/1', accept: 'application/json, application/xml, text/xml' },
        lookup: checkedLookup(options),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          reject(new Error(status >= 300 && status < 400 ? `HTTP ${status} redirect refused` : `HTTP ${status}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_CALENDAR_BYTES) {
            req.destroy(new Error(`the file is larger than ${MAX_CALENDAR_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('error', (error: Error) => {
      if (error instanceof DestinationError) reject(error);
      else
        reject(
          new Error(
            error.name === 'TimeoutError' || error.name === 'AbortError' ? `no answer within ${options.timeoutMs} ms` : error.message,
          ),
        );
    });
    req.end();
  });
}
