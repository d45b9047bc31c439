import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { addressRefusal, literalHostRefusal } from './address-policy';

/**
 * The one way the server calls an address someone configured (ADR 038, docs/security.md T35): the external
 * geolocation service, the bot check's siteverify, and the push services of followers' browsers (ADR 045: an
 * endpoint a browser handed us is an address someone else chose). It
 * - refuses anything but http(s) and addresses with credentials in them;
 * - resolves the name itself and refuses it when **any** address it resolves to is internal (`address-policy.ts`:
 *   loopback, unspecified, private, link-local and the cloud metadata address, unique-local, carrier-grade NAT,
 *   IPv4 inside IPv6, …);
 * - connects to the address it checked (the socket's `lookup` answers with that address), so a second DNS answer
 *   cannot point the connection elsewhere (DNS rebinding);
 * - follows at most `maxRedirects` redirects of a GET itself, judging each target like the first (never from
 *   https to http); a redirect of any other method is a failure;
 * - gives the whole exchange, redirects included, `timeoutMs`, and reads at most `maxBytes` of an answer.
 * `allow` names addresses or host names the policy does not apply to: tests' loopback servers, and addresses
 * the operator set in the environment (`BOT_CHECK_VERIFY_URL`). Nothing an administrator types is allowed that way.
 */

export type OutboundFailure = 'refused' | 'timeout' | 'too-large' | 'redirect' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    // Like `AbortSignal.timeout`'s error, so callers that tell a time-out by its name keep working.
    this.name = failure === 'timeout' ? 'TimeoutError' : 'OutboundError';
  }
}

/** Every address a host name resolves to (the default is the system resolver, `dns.lookup` with `all`). */
export type Resolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface OutboundOptions {
  /** How names are resolved (tests give a fixed table, so no test asks real DNS). */
  resolve?: Resolver;
  /** Addresses or host names exempt from the address policy: tests and operator-set addresses only. */
  allow?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Text, or bytes (an encrypted Web Push message, ADR 045). */
  body?: string | Buffer;
  /** Shorter or longer than the client's own, for this call. */
  timeoutMs?: number;
}

export interface OutboundResponse {
  /** The address that answered (after any redirects). */
  url: string;
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  /** The body as JSON; throws when it is not. */
  json(): unknown;
}

export const OUTBOUND_DEFAULTS = {
  /** A few seconds: both callers (geolocation, siteverify) are asked for 5 s. */
  timeoutMs: 5_000,
  /** A geolocation answer or a siteverify answer is well under 2 KB. */
  maxBytes: 64 * 1024,
  maxRedirects: 3,
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Whether `url` may be called at all by its spelling (scheme, credentials, a literal internal host), before any
 * name is resolved: the reason it may not, or null. Settings use it to refuse an internal address when it is
 * saved; `OutboundClient` checks it again, and then every resolved address, at call time.
 */
export function outboundUrlRefusal(url: string | URL): string | null {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return 'not a valid address';
  }
  const form = formRefusal(parsed);
  if (form !== null) return form;
  const literal = literalHostRefusal(parsed);
  return literal === null ? null : `${literal} address`;
}

/** Refused whatever the host: another scheme, or credentials in the address. */
function formRefusal(url: URL): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not an http or https address';
  if (url.username !== '' || url.password !== '') return 'an address with credentials in it';
  return null;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export class OutboundClient {
  private readonly resolve: Resolver;
  private readonly allow: ReadonlySet<string>;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;

  constructor(private readonly options: OutboundOptions = {}) {
    this.resolve = options.resolve ?? systemResolver;
    this.allow = new Set((options.allow ?? []).map((entry) => entry.toLowerCase()));
    this.timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
    this.maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
    this.maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  }

  /** The same client with `hosts` (names or addresses the operator configured) exempt from the policy too. */
  allowing(hosts: readonly string[]): OutboundClient {
    return new OutboundClient({ ...this.options, allow: [...(this.options.allow ?? []), ...hosts] });
  }

  /**
   * Why `url` would be refused by its spelling (another scheme, credentials, a literal internal address), or null:
   * checked when an address is handed to the site (a browser's push endpoint), and again, with every resolved
   * address, when it is called.
   */
  refusal(url: string): string | null {
    try {
      return this.checked(url) && null;
    } catch (error) {
      return error instanceof OutboundError ? error.message : 'not a valid address';
    }
  }

  /** Calls `url`; throws `OutboundError` when it is refused, times out, answers too much or cannot be reached. */
  async request(url: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const method = init.method ?? 'GET';
    const deadline = performance.now() + (init.timeoutMs ?? this.timeoutMs);
    let target = this.checked(url);
    for (let redirects = 0; ; redirects++) {
      const pinned = await this.pin(target, deadline);
      const response = await this.exchange(target, pinned, method, init, deadline);
      if (!REDIRECTS.has(response.status)) return response;
      const location = response.headers.location;
      if (method !== 'GET' || !location) {
        throw new OutboundError('redirect', `${method} ${target.host} answered a redirect; not followed`);
      }
      if (redirects >= this.maxRedirects) {
        throw new OutboundError('redirect', `more than ${this.maxRedirects} redirects from ${target.host}`);
      }
      const next = this.checked(new URL(location, target).href);
      if (target.protocol === 'https:' && next.protocol !== 'https:') {
        throw new OutboundError('refused', `${target.host} redirected from https to http`);
      }
      target = next;
    }
  }

  private isAllowed(entry: string): boolean {
    return this.allow.has(entry.toLowerCase());
  }

  /** The parsed URL when its spelling may be called (or its host is allowed). */
  private checked(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new OutboundError('refused', 'not a valid address');
    }
    const refusal = this.isAllowed(bareHost(parsed)) ? formRefusal(parsed) : outboundUrlRefusal(parsed);
    if (refusal !== null) throw new OutboundError('refused', `${parsed.host}: ${refusal}`);
    return parsed;
  }

  /** The one address the connection will use: resolved here, every answer judged, the first kept. */
  private async pin(target: URL, deadline: number): Promise<{ address: string; family: number }> {
    const host = bareHost(target);
    const family = isIP(host);
    const addresses = family
      ? [{ address: host, family }]
      : await withDeadline(this.resolve(host), deadline, `resolving ${host}`).catch((error: unknown) => {
          if (error instanceof OutboundError) throw error;
          throw new OutboundError('network', `${host} could not be resolved`, { cause: error });
        });
    if (addresses.length === 0) throw new OutboundError('network', `${host} has no address`);
    if (!this.isAllowed(host)) {
      for (const { address } of addresses) {
        const refusal = this.isAllowed(address) ? null : addressRefusal(address);
        if (refusal !== null) throw new OutboundError('refused', `${host} is a ${refusal} address`);
      }
    }
    return addresses[0]!;
  }

  private exchange(
    target: URL,
    pinned: { address: string; family: number },
    method: string,
    init: OutboundRequest,
    deadline: number,
  ): Promise<OutboundResponse> {
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
      else callback(null, pinned.address, pinned.family);
    };
    const maxBytes = this.maxBytes;
    return new Promise<OutboundResponse>((resolve, reject) => {
      const request = (target.protocol === 'https:' ? https : http).request({
        protocol: target.protocol,
        hostname: bareHost(target),
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method,
        headers: {
          ...init.headers,
          ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
        },
        lookup,
        // A connection of its own each time: no pooled socket to an address checked for another call.
        agent: false,
      });
      const fail = (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof OutboundError
            ? error
            : new OutboundError('network', `${target.host} could not be reached`, { cause: error }),
        );
      };
      /** Ends the exchange with `error` (the socket is closed, whatever it was doing). */
      const abandon = (error: OutboundError) => {
        fail(error);
        request.destroy(error);
      };
      const timer = setTimeout(
        () => abandon(new OutboundError('timeout', `${target.host} did not answer in time`)),
        Math.max(0, deadline - performance.now()),
      );
      request.on('error', fail);
      request.on('response', (response) => {
        const declared = Number(response.headers['content-length']);
        const tooLarge = () =>
          new OutboundError('too-large', `${target.host} answered over ${maxBytes} bytes`);
        if (Number.isFinite(declared) && declared > maxBytes) return abandon(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return abandon(tooLarge());
          chunks.push(chunk);
        });
        response.on('error', fail);
        response.on('end', () => {
          clearTimeout(timer);
          const body = Buffer.concat(chunks);
          const status = response.statusCode ?? 0;
          resolve({
            url: target.href,
            status,
            ok: status >= 200 && status < 300,
            headers: response.headers,
            body,
            text: () => body.toString('utf8'),
            json: () => JSON.parse(body.toString('utf8')) as unknown,
          });
        });
      });
      request.end(init.body);
    });
  }
}

/** `promise`, or a time-out failure at `deadline` (performance.now() time). */
function withDeadline<T>(promise: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new OutboundError('timeout', `${what} took too long`)),
      Math.max(0, deadline - performance.now()),
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
