import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An HTML response sent in parts: `send` goes out at once (resolved once it has), `end` finishes it. */
export interface HtmlStream {
  send(part: string): Promise<void>;
  end(part: string): void;
}

/**
 * Starts an HTML response whose first part can go out before the rest is ready (a drawn page's head while the page
 * is drawn, ADR 037), compressed as the client accepts (brotli at the quality `CachedBody` uses, or gzip), each
 * part flushed through the compressor as it is sent. No ETag: the body is not known when the headers go.
 */
export function streamHtml(request: FastifyRequest, reply: FastifyReply, cacheControl: string): HtmlStream {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  let stream: Transform;
  if (/\bbr\b/.test(accepted)) {
    stream = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    reply.header('content-encoding', 'br');
  } else if (/\bgzip\b/.test(accepted)) {
    stream = createGzip({ level: 6 });
    reply.header('content-encoding', 'gzip');
  } else {
    stream = new PassThrough();
  }
  reply
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  void reply.send(stream);
  return {
    // Resolved once the part is through the compressor and handed to the socket: work started after it (reads,
    // drawing; PGlite's run on this thread) cannot hold it back.
    send(part) {
      return new Promise((resolve) => {
        if (stream.destroyed) return resolve(); // the client went away
        stream.write(part);
        if (stream instanceof PassThrough) return resolve();
        (stream as Transform & { flush(callback: () => void): void }).flush(() => resolve());
      });
    },
    end(part) {
      if (!stream.destroyed) stream.end(part);
    },
  };
}
