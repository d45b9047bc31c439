import { BlockList, isIP } from 'node:net';

/**
 * Which addresses an outbound call may reach (ADR 038, docs/security.md T35): the public internet only. Pure —
 * no DNS, no clock — so it is tested on its own; `outbound.ts` applies it to every address a name resolves to.
 */

/** IPv4 ranges that are not the public internet (IANA special-purpose registry), with the name a refusal gives. */
const IPV4_RANGES: readonly (readonly [network: string, prefix: number, name: string])[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 ranges refused outright. The forms that carry an IPv4 address are read and judged by that address. */
const IPV6_RANGES: readonly (readonly [network: string, prefix: number, name: string])[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

function blockListOf(
  ranges: readonly (readonly [string, number, string])[],
  family: 'ipv4' | 'ipv6',
): [BlockList, string][] {
  return ranges.map(([network, prefix, name]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return [list, name];
  });
}
const V4 = blockListOf(IPV4_RANGES, 'ipv4');
const V6 = blockListOf(IPV6_RANGES, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const part = (s: string) => (s === '' ? [] : s.split(':').map((group) => Number.parseInt(group, 16)));
  const [head = '', tail] = text.split('::');
  const first = part(head);
  if (tail === undefined) return first;
  const last = part(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const dottedOf = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 address stands for, where it carries one a router or the kernel would reach:
 * IPv4-mapped `::ffff:a.b.c.d`, the deprecated IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` and
 * 6to4 `2002:aabb:ccdd::`. Null for any other IPv6 address.
 */
function embeddedIpv4(groups: readonly number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroUpTo5 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroUpTo5 && (g5 === 0xffff || g5 === 0)) return dottedOf(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return dottedOf(g6, g7);
  if (g0 === 0x2002) return dottedOf(g1 ?? 0, g2 ?? 0);
  return null;
}

/**
 * Why `address` (an IP address as a resolver or `URL` gives it) must not be called, or null when it is a public
 * internet address. Anything that is not a plain IP address (a zone id `fe80::1%eth0`, a name, a number in an
 * odd spelling that no parser normalised) is refused too.
 */
export function addressRefusal(address: string): string | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) {
    for (const [list, name] of V4) if (list.check(bare, 'ipv4')) return name;
    return null;
  }
  if (family !== 6 || bare.includes('%')) return 'not an IP address';
  const groups = ipv6Groups(bare);
  const v4 = embeddedIpv4(groups);
  if (v4 !== null) {
    // `::` and `::1` are themselves (unspecified, loopback), not 0.0.0.0 and 0.0.0.1.
    if (groups.slice(0, 7).every((group) => group === 0) && (groups[7] ?? 0) <= 1) {
      return groups[7] === 1 ? 'loopback' : 'unspecified';
    }
    const refusal = addressRefusal(v4);
    return refusal === null ? null : `${refusal} (IPv4 inside IPv6)`;
  }
  for (const [list, name] of V6) if (list.check(bare, 'ipv6')) return name;
  return null;
}

/** Whether `address` is a public internet address an outbound call may reach. */
export function isPublicAddress(address: string): boolean {
  return addressRefusal(address) === null;
}

/**
 * Why the host of `url` is internal by its spelling alone (a literal internal address, or `localhost`), or null
 * when it is a public address or a name (a name is judged when it is resolved, at call time). The WHATWG URL
 * parser has already turned `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` into `127.0.0.1`.
 */
export function literalHostRefusal(url: URL): string | null {
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  return isIP(bare) ? addressRefusal(bare) : null;
}
