import { describe, expect, it } from '@jest/globals';
import { embeddedIpv4, isPrivateAddress } from './destination.js';

/**
 * One address inside each entry of the IANA special-purpose registries (IPv4 and IPv6) that is not globally
 * reachable, plus multicast, the IETF-reserved IPv6 space, and every IPv6 spelling of an inside IPv4 address.
 */
const REFUSED: readonly (readonly [string, string])[] = [
  ['0.0.0.1', '0.0.0.0/8 this network'],
  ['10.1.2.3', '10.0.0.0/8 private'],
  ['100.64.0.1', '100.64.0.0/10 shared'],
  ['127.0.0.1', '127.0.0.0/8 loopback'],
  ['169.254.169.254', '169.254.0.0/16 link-local (cloud metadata)'],
  ['172.31.255.254', '172.16.0.0/12 private'],
  ['192.0.0.8', '192.0.0.0/24 IETF protocol assignments'],
  ['192.0.2.1', '192.0.2.0/24 TEST-NET-1'],
  ['192.88.99.1', '192.88.99.0/24 6to4 relay anycast'],
  ['192.168.1.1', '192.168.0.0/16 private'],
  ['198.19.0.1', '198.18.0.0/15 benchmarking'],
  ['198.51.100.7', '198.51.100.0/24 TEST-NET-2'],
  ['203.0.113.9', '203.0.113.0/24 TEST-NET-3'],
  ['224.0.0.251', '224.0.0.0/4 multicast'],
  ['240.0.0.1', '240.0.0.0/4 reserved'],
  ['255.255.255.255', 'limited broadcast'],
  ['::', '::/128 unspecified'],
  ['::1', '::1/128 loopback'],
  ['::ffff:127.0.0.1', '::ffff:0:0/96 IPv4-mapped, loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped in hex'],
  ['::ffff:0:7f00:1', '::ffff:0:0:0/96 IPv4-translated'],
  ['::7f00:1', '::/96 IPv4-compatible (deprecated)'],
  ['::169.254.169.254', 'IPv4-compatible, metadata'],
  ['64:ff9b::a9fe:a9fe', '64:ff9b::/96 NAT64 well-known prefix to the metadata address'],
  ['64:ff9b:1::a9fe:a9fe', '64:ff9b:1::/48 local-use translation'],
  ['100::1', '100::/64 discard-only'],
  ['100:0:0:1::1', '100:0:0:1::/64 dummy prefix'],
  ['2001::1', '2001::/32 Teredo (2001::/23 IETF protocol assignments)'],
  ['2001:2::1', '2001:2::/48 benchmarking'],
  ['2001:10::1', '2001:10::/28 ORCHID'],
  ['2001:db8::1', '2001:db8::/32 documentation'],
  ['2002:7f00:1::', '2002::/16 6to4 of 127.0.0.1'],
  ['2002:a9fe:a9fe::1', '6to4 of the metadata address'],
  ['3fff::1', '3fff::/20 documentation'],
  ['5f00::1', '5f00::/16 SRv6 SIDs'],
  ['fc00::1', 'fc00::/7 unique local'],
  ['fd12:3456::1', 'fc00::/7 unique local'],
  ['fe80::1', 'fe80::/10 link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'fec0::/10 site-local (deprecated)'],
  ['ff02::1', 'ff00::/8 multicast'],
  ['4000::1', 'outside 2000::/3: reserved by the IETF'],
  ['not-an-address', 'not an address at all'],
];
const ALLOWED: readonly string[] = [
  '1.1.1.1',
  '93.184.216.34',
  '2606:4700:4700::1111',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2a00:1450:4001::1',
];

describe('destination addresses', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(ALLOWED)('allows the global address %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('reads the IPv4 address inside each IPv6 form', () => {
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::ffff:0:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('64:ff9b::a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2002:a00:1:5::9')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1')).toBeNull();
  });
});
