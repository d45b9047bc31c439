import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts under (docs/security.md T02): an IPv4 address as it is, an IPv4-mapped
 * IPv6 address (`::ffff:192.0.2.1`) as its IPv4 address, and an IPv6 address as its /64 network — one
 * household or school is handed a whole /64 and could otherwise take a fresh allowance per address.
 * Anything else (a test's made-up address) is kept as it is.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip.toLowerCase().replace(/%.*$/, ''));
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part converted). */
function expandIPv6(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((group) => Number.parseInt(group, 16)));
  const first = part(head);
  if (tail === undefined) return first;
  const last = part(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
