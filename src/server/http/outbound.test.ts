import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundClient, OutboundError, type OutboundFailure, outboundUrlRefusal } from './outbound';

/**
 * The outbound client against loopback servers only (no test reaches the internet): `allowed` listens on
 * 127.0.0.1, which the tests exempt from the policy explicitly; `internal` listens on 127.0.0.2, which stays
 * refused, and stands for whatever inside address an attacker would aim at. It counts every connection.
 */
class LoopbackServer {
  connections = 0;
  requests: IncomingMessage[] = [];
  port = 0;
  private readonly server: Server;

  constructor(
    private readonly host: string,
    handler: (request: IncomingMessage, response: ServerResponse) => void,
  ) {
    this.server = createServer((request, response) => {
      this.requests.push(request);
      handler(request, response);
    });
    this.server.on('connection', () => {
      this.connections += 1;
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, this.host, resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  reset(): void {
    this.connections = 0;
    this.requests = [];
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const json = (
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
};

const internal = new LoopbackServer('127.0.0.2', (_request, response) =>
  json(response, 200, { secret: 'inside' }),
);
const allowed = new LoopbackServer('127.0.0.1', (request, response) => {
  const url = new URL(request.url ?? '/', 'http://x');
  const to = url.searchParams.get('to');
  switch (url.pathname) {
    case '/json':
      return json(response, 200, { ip: '86.43.12.9', country_code: 'IE' });
    case '/redirect':
      return json(response, 302, {}, { location: to ?? '/json' });
    case '/loop':
      return json(response, 302, {}, { location: '/loop' });
    case '/silent':
      return; // never answers
    case '/large':
      return json(response, 200, { padding: 'x'.repeat(100_000) });
    case '/large-chunked': {
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 100; i++) response.write('x'.repeat(1_000));
      return response.end();
    }
    default:
      return json(response, 404, {});
  }
});

beforeAll(async () => {
  await Promise.all([internal.start(), allowed.start()]);
});
afterAll(async () => {
  await Promise.all([internal.stop(), allowed.stop()]);
});
beforeEach(() => {
  internal.reset();
  allowed.reset();
});

/** The failure an outbound call ended in, or 'ok'. */
async function outcome(call: Promise<unknown>): Promise<OutboundFailure | 'ok'> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (error instanceof OutboundError) return error.failure;
    throw error;
  }
}

/** A resolver that answers from a table and counts its questions (no test asks real DNS). */
function tableResolver(table: Record<string, string[] | (() => string[])>) {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const entry = table[hostname];
    const addresses = typeof entry === 'function' ? entry() : (entry ?? []);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

describe('the outbound client refuses internal addresses (ADR 038)', () => {
  it('refuses loopback in every spelling without opening a connection', async () => {
    const client = new OutboundClient({
      resolve: tableResolver({ localhost: ['127.0.0.1', '::1'] }).resolve,
    });
    const port = internal.port;
    for (const url of [
      `http://127.0.0.2:${port}/`,
      `http://2130706434:${port}/`,
      `http://0x7f000002:${port}/`,
      `http://0177.0.0.2:${port}/`,
      `http://127.2:${port}/`,
      `http://[::ffff:127.0.0.2]:${port}/`,
      `http://localhost:${port}/`,
    ]) {
      expect(await outcome(client.request(url)), url).toBe('refused');
    }
    expect(internal.connections).toBe(0);
  });

  it('refuses a name that resolves to an internal address, or to any internal address among public ones', async () => {
    const { resolve } = tableResolver({
      'metadata.test': ['169.254.169.254'],
      'mixed.test': ['8.8.8.8', '127.0.0.2'],
      'private.test': ['10.0.0.5'],
      'cgnat.test': ['100.64.1.1'],
      'mapped.test': ['::ffff:127.0.0.2'],
      'ula.test': ['fd00::1'],
    });
    const client = new OutboundClient({ resolve });
    for (const host of [
      'metadata.test',
      'mixed.test',
      'private.test',
      'cgnat.test',
      'mapped.test',
      'ula.test',
    ]) {
      expect(await outcome(client.request(`http://${host}:${internal.port}/`)), host).toBe('refused');
    }
    expect(internal.connections).toBe(0);
  });

  it('refuses other schemes and credentials in the address', async () => {
    const client = new OutboundClient({ allow: ['127.0.0.1'] });
    expect(await outcome(client.request(`ftp://127.0.0.1:${allowed.port}/`))).toBe('refused');
    expect(await outcome(client.request(`http://user:pw@127.0.0.1:${allowed.port}/json`))).toBe('refused');
    expect(outboundUrlRefusal('file:///etc/passwd')).toBe('not an http or https address');
    expect(outboundUrlRefusal('https://2130706433/{ip}')).toBe('loopback address');
    expect(outboundUrlRefusal('https://geo.example.org/{ip}')).toBeNull();
    expect(allowed.connections).toBe(0);
  });
});

describe('the outbound client connects where it checked, follows redirects itself, and stops (ADR 038)', () => {
  it('connects to the address it resolved and checked, asking DNS once (no rebinding)', async () => {
    let answers = 0;
    const { resolve, asked } = tableResolver({
      // The first answer is the allowed address, every later one an internal address.
      'rebind.test': () => (answers++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']),
    });
    const client = new OutboundClient({ resolve, allow: ['127.0.0.1'] });
    const response = await client.request(`http://rebind.test:${allowed.port}/json`);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ip: '86.43.12.9', country_code: 'IE' });
    expect(allowed.requests[0]?.headers.host).toBe(`rebind.test:${allowed.port}`);
    expect(asked).toEqual(['rebind.test']);
    expect(internal.connections).toBe(0);
  });

  it('does not follow a redirect to a refused address, however it is spelled', async () => {
    const client = new OutboundClient({ allow: ['127.0.0.1'] });
    for (const to of [
      `http://127.0.0.2:${internal.port}/secret`,
      `http://2130706434:${internal.port}/secret`,
      `http://[::ffff:127.0.0.2]:${internal.port}/secret`,
      `http://169.254.169.254/latest/meta-data/`,
    ]) {
      const url = `http://127.0.0.1:${allowed.port}/redirect?to=${encodeURIComponent(to)}`;
      expect(await outcome(client.request(url)), to).toBe('refused');
    }
    expect(internal.connections).toBe(0);
  });

  it('follows a redirect to an allowed address, at most three, and none of a POST', async () => {
    const client = new OutboundClient({ allow: ['127.0.0.1'] });
    const followed = await client.request(`http://127.0.0.1:${allowed.port}/redirect?to=/json`);
    expect(followed.json()).toEqual({ ip: '86.43.12.9', country_code: 'IE' });
    expect(followed.url).toBe(`http://127.0.0.1:${allowed.port}/json`);

    allowed.reset();
    expect(await outcome(client.request(`http://127.0.0.1:${allowed.port}/loop`))).toBe('redirect');
    expect(allowed.requests).toHaveLength(4);

    allowed.reset();
    const post = client.request(`http://127.0.0.1:${allowed.port}/redirect?to=/json`, {
      method: 'POST',
      body: 'a=1',
    });
    expect(await outcome(post)).toBe('redirect');
    expect(allowed.requests).toHaveLength(1);
  });

  it('gives up after its time-out', async () => {
    const client = new OutboundClient({ allow: ['127.0.0.1'], timeoutMs: 200 });
    const started = performance.now();
    const call = client.request(`http://127.0.0.1:${allowed.port}/silent`);
    await expect(call).rejects.toMatchObject({ failure: 'timeout', name: 'TimeoutError' });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('gives up on a name that takes too long to resolve', async () => {
    const client = new OutboundClient({
      allow: ['127.0.0.1'],
      timeoutMs: 100,
      resolve: () => new Promise(() => {}),
    });
    expect(await outcome(client.request('http://slow-dns.test/'))).toBe('timeout');
  });

  it('reads at most its size cap, declared or not', async () => {
    const client = new OutboundClient({ allow: ['127.0.0.1'], maxBytes: 64 * 1024 });
    expect(await outcome(client.request(`http://127.0.0.1:${allowed.port}/large`))).toBe('too-large');
    expect(await outcome(client.request(`http://127.0.0.1:${allowed.port}/large-chunked`))).toBe('too-large');
    expect(await outcome(client.request(`http://127.0.0.1:${allowed.port}/json`))).toBe('ok');
  });
});
