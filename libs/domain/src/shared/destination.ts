import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where an alert may be sent. A user's channel must not become a way to reach the service's own network (SSRF), so a
 * destination is https and every address it reaches is globally reachable. Checked when a channel is created and
 * again at every delivery, on the connection's own DNS answer and on an IP literal alike (a name can change between
 * the two, and Node does not call the lookup hook for a literal).
 *
 * The blocks are the IANA special-purpose address registries' entries that are not globally reachable
 * (iana-ipv4-special-registry, iana-ipv6-special-registry, as of 2025), plus multicast, the IETF-reserved IPv6
 * space outside 2000::/3 (fec0::/10 site-local among it) and the deprecated 6to4 relay anycast. A block the registry
 * marks reachable but that no receiver lives in (2001::/23's few global entries) is refused whole: stricter is safe.
 * Not ipaddr.js: the tree only has 1.9.1 (through express), whose ranges predate 64:ff9b:1::/48, 3fff::/20 and
 * 5f00::/16 and do not judge the IPv4 inside 6to4 or the translated form.
 */
const IPV4_NOT_GLOBAL: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata address among it
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];
const IPV6_NOT_GLOBAL: readonly (readonly [string, number])[] = [
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID…
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing (SRv6) SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
const NOT_GLOBAL = new BlockList();
for (const [net, prefix] of IPV4_NOT_GLOBAL) NOT_GLOBAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of IPV6_NOT_GLOBAL) NOT_GLOBAL.addSubnet(net, prefix, 'ipv6');
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** An IPv6 address's 16 bytes (a zone index dropped, a trailing dotted quad read); null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const words = [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

const dotted = (b: readonly number[]) => b.join('.');
const zero = (b: readonly number[]) => b.every((x) => x === 0);

/**
 * The IPv4 address an IPv6 form reaches, when it embeds one: mapped (::ffff:a.b.c.d), translated
 * (::ffff:0:a.b.c.d), compatible (::a.b.c.d, deprecated), the NAT64 well-known prefix (64:ff9b::/96) and 6to4
 * (2002:AABB:CCDD::/48). Judged as that IPv4, so no spelling of 127.0.0.1 or 169.254.169.254 gets through.
 */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  const last = b.slice(12);
  if (zero(b.slice(0, 10)) && b[10] === 0xff && b[11] === 0xff) return dotted(last);
  if (zero(b.slice(0, 8)) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return dotted(last);
  if (zero(b.slice(0, 12))) return dotted(last);
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b.slice(4, 12))) return dotted(last);
  if (b[0] === 0x20 && b[1] === 0x02) return dotted(b.slice(2, 6));
  return null;
}

/** True for every address that is not globally reachable: loopback, private, link-local, shared, documentation, reserved… */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return NOT_GLOBAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return NOT_GLOBAL.check(v4, 'ipv4');
  const bare = address.replace(/%.*$/, '');
  return !GLOBAL_UNICAST.check(bare, 'ipv6') || NOT_GLOBAL.check(bare, 'ipv6');
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
