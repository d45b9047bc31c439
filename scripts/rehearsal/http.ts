/**
 * The rehearsal's HTTP client: every request through nginx, as phones, kiosks and staff tablets send them, each
 * device from its own loopback address (127.x.y.z, the whole /8 is loopback on Linux) so the site's per-address
 * limits see 400 devices, not one. Every answer is recorded (`exchanges`) for the no-5xx check.
 */
import http from 'node:http';
import type { Exchange } from './context';

export interface Answer<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or null when the body is not JSON. */
  json: T;
  text: string;
}

let nextDevice = 0;

/** A distinct loopback address per device: 127.1.0.1, 127.1.0.2, … (never 127.0.0.1, the rehearsal's own). */
export function deviceAddress(index: number): string {
  const n = index + 1;
  return `127.${1 + Math.floor(n / 65_536)}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

export class SiteClient {
  readonly exchanges: Exchange[] = [];

  constructor(
    /** nginx's address, e.g. http://127.0.0.1:8080. */
    readonly publicUrl: string,
  ) {}

  /** A new device with its own address and cookie jar, for one phase. */
  device(phase: string, label = `device ${nextDevice}`): Device {
    const address = deviceAddress(nextDevice);
    nextDevice += 1;
    return new Device(this, phase, label, address);
  }

  /** Notes an answer (status 0: none came) as it arrives. */
  record(exchange: Omit<Exchange, 'at'>): void {
    this.exchanges.push({ ...exchange, at: Date.now() });
  }
}

export class Device {
  private readonly cookies = new Map<string, string>();
  private readonly agent: http.Agent;

  constructor(
    private readonly client: SiteClient,
    readonly phase: string,
    readonly label: string,
    readonly address: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  }

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /**
   * Sends one request; never throws for an HTTP status (a refused connection does throw). `headers` adds
   * request headers, e.g. a registration's or a consent link's token (x-registration-token, x-consent-token).
   */
  request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const url = new URL(path, this.client.publicUrl);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method,
          agent: this.agent,
          localAddress: this.address,
          headers: {
            ...headers,
            origin: this.client.publicUrl,
            ...(this.cookies.size ? { cookie: this.cookie } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            for (const line of response.headers['set-cookie'] ?? []) {
              const pair = line.split(';')[0] ?? '';
              const at = pair.indexOf('=');
              if (at <= 0) continue;
              const name = pair.slice(0, at);
              const value = pair.slice(at + 1);
              if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
              else this.cookies.set(name, value);
            }
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              json = null;
            }
            const status = response.statusCode ?? 0;
            this.client.record({
              method,
              path: url.pathname,
              status,
              phase: this.phase,
              retryAfter: response.headers['retry-after'] !== undefined,
            });
            resolve({ status, headers: response.headers, json: json as T, text });
          });
        },
      );
      request.on('error', (error) => {
        // No answer at all: nginx itself never goes away, so this is a failure the checks must see.
        this.client.record({ method, path: url.pathname, status: 0, phase: this.phase });
        reject(error);
      });
      if (payload) request.write(payload);
      request.end();
    });
  }

  get<T = unknown>(path: string): Promise<Answer<T>> {
    return this.request<T>('GET', path);
  }

  /**
   * A write that must succeed: its JSON answer, or an error naming the refusal (a phase stops there and the
   * rehearsal reports it).
   */
  async must<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const answer = await this.request<T>(method, path, body ?? (method === 'GET' ? undefined : {}), headers);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(
        `${this.label}: ${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
      );
    }
    return answer.json;
  }

  /** Signs in with email and password (better-auth's endpoint); the session cookie stays in this device. */
  async signIn(email: string, password: string): Promise<void> {
    await this.must('POST', '/api/auth/sign-in/email', { email, password });
  }

  close(): void {
    this.agent.destroy();
  }
}
