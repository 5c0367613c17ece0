import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bytes of a fixture file, as a plain Uint8Array (what a browser's File.arrayBuffer() gives). */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))));
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
export const asText = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);

/** Broker-local time → its own calendar day (the firm day equals the server day). */
export const serverDay = (time: string): string => time.slice(0, 10);

/**
 * A firm whose day starts one hour after the server's (e.g. a Prague-midnight firm against a GMT+2 winter server
 * running an hour ahead): the firm day of a server time is the server date one hour earlier.
 */
export function firmDayOneHourBehind(time: string): string {
  const [date = '', clock = ''] = time.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = clock.split(':').map(Number);
  const shifted = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, (hh ?? 0) - 1, mm ?? 0, ss ?? 0));
  return shifted.toISOString().slice(0, 10);
}
