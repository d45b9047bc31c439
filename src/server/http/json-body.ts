import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';

/**
 * The deepest JSON a request body may nest (objects and arrays). The API's deepest body is a few levels;
 * deeper input is refused before it is parsed, so no parser, validator or serialiser downstream (better-auth
 * re-serialises the body it gets) ever recurses through it (ADR 016).
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/** True when `text` opens more than `limit` arrays or objects inside one another (strings are skipped). */
export function exceedsJsonDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/** JSON is UTF-8 (RFC 8259 §8.1): a body that is not would otherwise be stored with U+FFFD in place of its bytes. */
export const JSON_NOT_UTF8_MESSAGE = 'The request body is not valid UTF-8 text.';

class BadJsonBodyError extends Error {
  readonly statusCode = 400;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (prototype-poisoning checks included) behind a
 * UTF-8 check and a depth check. Registered on the root instance before any plugin, so every scope inherits it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    if (!isUtf8(bytes)) {
      done(new BadJsonBodyError(JSON_NOT_UTF8_MESSAGE), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
      done(new BadJsonBodyError(JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
}
