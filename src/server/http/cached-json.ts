import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response made once and sent many times: body, content ETag and compressed copies made lazily. */
export class CachedBody {
  readonly etag: string;
  private gzipped: Buffer | undefined;
  private brotli: Buffer | undefined;

  constructor(
    readonly body: string,
    readonly contentType: string,
  ) {
    // The ETag comes from the content, so every server process gives the same tag for the same data.
    this.etag = `"${createHash('sha1').update(this.body).digest('base64url').slice(0, 22)}"`;
  }

  get gzip(): Buffer {
    this.gzipped ??= gzipSync(this.body, { level: 6 });
    return this.gzipped;
  }

  get br(): Buffer {
    this.brotli ??= brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return this.brotli;
  }
}

/** A JSON response of the public API, serialised once. */
export class CachedJson extends CachedBody {
  constructor(value: unknown) {
    super(JSON.stringify(value), 'application/json; charset=utf-8');
  }
}

const COMPRESS_FROM_BYTES = 1024;

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === etag || candidate === '*';
  });
}

/**
 * Sends a cached response: 304 when the client has it, else the body compressed as the client accepts.
 * `no-cache` makes browsers revalidate every time, which costs a 304 when nothing changed.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody): FastifyReply {
  reply.header('etag', cached.etag);
  reply.header('cache-control', 'no-cache');
  reply.header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) {
    return reply.code(304).send();
  }
  reply.type(cached.contentType);
  if (cached.body.length >= COMPRESS_FROM_BYTES) {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(cached.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(cached.gzip);
  }
  return reply.send(cached.body);
}
