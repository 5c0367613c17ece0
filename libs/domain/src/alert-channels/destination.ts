import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where an alert may be sent. A user's channel must not become a way to reach the service's own network (SSRF), so a
 * destination is https and every address its name resolves to is public. Checked when a channel is created and again
 * by the sender's own DNS lookup for the connection it makes (a name can change between the two).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local, shared, documentation, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) reaches the IPv4 host: judge that one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(address, 'ipv6');
}

export class DestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DestinationError';
  }
}

/** The URL if its scheme is allowed (https; http too when private destinations are), else a DestinationError. */
export function parseDestination(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationError('must be an absolute https:// URL');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new DestinationError('must use https');
  if (url.username || url.password) throw new DestinationError('must not carry a user name or password');
  return url;
}

export type Resolve = (host: string) => Promise<readonly string[]>;

const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The host's addresses when every one is public (or private ones are allowed); a DestinationError naming the first
 * private one otherwise, or when the name does not resolve.
 */
export async function publicAddresses(host: string, allowPrivate: boolean, resolve: Resolve = systemResolve): Promise<readonly string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: readonly string[];
  try {
    addresses = isIP(bare) ? [bare] : await resolve(bare);
  } catch {
    throw new DestinationError(`host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new DestinationError(`host ${host} does not resolve`);
  if (!allowPrivate) {
    const inside = addresses.find(isPrivateAddress);
    if (inside !== undefined) throw new DestinationError(`host ${host} resolves to a private or loopback address (${inside})`);
  }
  return addresses;
}
