/**
 * Rules of the visitor analytics (ADR 034): what of a request may be kept. Pure: no I/O, no clock.
 */

/** docs/requirements.md §9: a visit is recorded 1 s after the page loads, at most once per 10 minutes per tab. */
export const VISIT_DELAY_MS = 1_000;
export const VISIT_COOLDOWN_MS = 10 * 60_000;
/** docs/requirements.md §7: the optional external geolocation service is given 5 s. */
export const GEOLOCATION_TIMEOUT_MS = 5_000;

const HOUR_MS = 60 * 60_000;
/**
 * ADR 034: how long the server remembers a visit session: within it a session is not new (no new-session
 * allowance taken) and its later visits reuse the place its first visit was given (one lookup per session).
 */
export const VISIT_SESSION_MEMORY_MS = 24 * HOUR_MS;
/**
 * ADR 034: new visit sessions one client address (an IPv6 client's /64) may start per hour. Each new session may
 * cost one lookup at the external geolocation service, so this also caps the calls one address can cause.
 */
export const NEW_VISIT_SESSIONS_PER_ADDRESS = { limit: 30, windowMs: HOUR_MS } as const;
/** ADR 034: visits recorded per client address per hour, new sessions and returning ones together. */
export const VISITS_PER_ADDRESS = { limit: 120, windowMs: HOUR_MS } as const;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The 8 groups of an IPv6 address as numbers, or null when it is not one (`::` expanded, an IPv4 tail read). */
function ipv6Groups(address: string): number[] | null {
  if (!address.includes(':') || /[^0-9a-f:.]/i.test(address)) return null;
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const group of part.split(':')) {
      const v4 = IPV4.exec(group);
      if (v4) {
        const bytes = v4.slice(1).map(Number);
        if (bytes.some((byte) => byte > 255)) return null;
        out.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(group)) out.push(Number.parseInt(group, 16));
      else return null;
    }
    return out;
  };
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  if (!left || !right) return null;
  if (tail === undefined) return left.length === 8 ? left : null;
  const missing = 8 - left.length - right.length;
  return missing >= 1 ? [...left, ...Array<number>(missing).fill(0), ...right] : null;
}

/**
 * The address with its host part zeroed, as stored with a visit: an IPv4 address to its /24 ("203.0.113.0"),
 * an IPv6 address to its /48 ("2001:db8:1::"); an IPv4-mapped IPv6 address as IPv4. Null when it is not an
 * address (nothing is stored then).
 */
export function truncateIp(address: string): string | null {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  const v4 = IPV4.exec(mapped?.[1] ?? trimmed);
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    return bytes.some((byte) => byte > 255) ? null : `${bytes[0]}.${bytes[1]}.${bytes[2]}.0`;
  }
  const groups = ipv6Groups(trimmed);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::`;
}

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop', 'bot'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The kind of device a User-Agent header names; no header or an unknown one counts as desktop. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  const ua = userAgent ?? '';
  if (/bot|crawler|spider|crawling|headless|lighthouse|slurp|facebookexternalhit|preview/i.test(ua))
    return 'bot';
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone/i.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * The host name of the page that linked here, lower case without "www.", or '' when there is none, it is
 * not a web address, or it is this site itself (a click from one of our pages is not a referral).
 */
export function referrerDomain(referrer: string | undefined, ownHost: string): string {
  if (!referrer) return '';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    host = url.hostname.toLowerCase();
  } catch {
    return '';
  }
  const bare = (name: string) => name.replace(/^www\./, '');
  return bare(host) === bare(ownHost.toLowerCase().replace(/:\d+$/, '')) ? '' : bare(host).slice(0, 253);
}

/**
 * Whether a page served counts as a page view: not a hall screen's display (`/screen/<code>`, ADR 042), which is
 * a TV rather than a visitor, and whose code stays out of the figures.
 */
export function isCountedPage(path: string): boolean {
  return path !== '/screen' && !path.startsWith('/screen/');
}

/** The path of a page address without its query string or fragment, at most 200 characters. */
export function pagePath(url: string): string {
  const end = url.search(/[?#]/);
  return (end < 0 ? url : url.slice(0, end)).slice(0, 200) || '/';
}
