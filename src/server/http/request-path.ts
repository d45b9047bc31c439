import type { FastifyInstance } from 'fastify';
import { sendRefusal } from './errors';

/** What a request whose path has more than one spelling hears (issue 27: guards decide on one path). */
export const NON_CANONICAL_PATH_MESSAGE =
  'The address is not in its plain form (dot segments, doubled slashes or encoded letters). Use the plain address.';

/**
 * Percent-escapes that stand for a character the path could carry as it is: a letter, a digit, `-._~`, and the
 * separators `/` and `\`. The router decodes them, so `/%61pi/…` reaches `/api/…`; a guard comparing the raw
 * text would not know it. No page or client of ours ever sends them.
 */
const ESCAPED_PLAIN_CHARACTER = /%(?:3[0-9]|4[1-9a-f]|5[0-9acf]|6[1-9a-f]|7[0-9ae]|2[def])/i;
/** After one decoding, a `%xx` left over is a double encoding (`%252e`): a second decoder would see a dot. */
const STILL_ESCAPED = /%[0-9a-f]{2}/i;
/** True for a control character or a backslash (which some URL parsers read as a slash). */
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * The request's path, decoded once, when it has exactly one spelling; null when it could be read another way
 * by the router, better-auth or a proxy: dot segments (`/./`, `/../`, also encoded), empty segments (`//`),
 * escaped letters or slashes, double encoding, control characters, backslashes, or malformed escapes.
 */
export function canonicalPath(url: string): string | null {
  const raw = url.split('?', 1)[0] ?? '';
  if (!raw.startsWith('/') || ESCAPED_PLAIN_CHARACTER.test(raw) || raw.includes('#')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (STILL_ESCAPED.test(decoded) || hasUnsafeCharacter(decoded)) return null;
  const segments = decoded.split('/').slice(1);
  // The root `/` is one empty segment; a trailing slash leaves one empty last segment, which routes as written.
  const inner = segments.length > 1 ? segments.slice(0, -1) : [];
  if (inner.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  const last = segments[segments.length - 1];
  if (last === '.' || last === '..') return null;
  return decoded;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The path every hook decides on: decoded once, without the query, the same text the router matched.
     * Set by the first hook; a request without one was refused there.
     */
    path: string;
  }
}

/**
 * The first hook of every request: a path with more than one spelling is refused with 400 before any guard,
 * limit, log or cache reads it, so every later hook can compare `request.path` with plain prefixes and mean
 * what the router means. Registered on the root instance before every other decision-making hook.
 */
export function registerPathCheck(app: FastifyInstance): void {
  app.decorateRequest('path', '');
  app.addHook('onRequest', async (request, reply) => {
    const path = canonicalPath(request.url);
    if (path === null) {
      reply.header('cache-control', 'no-store');
      return sendRefusal(reply, 400, { error: NON_CANONICAL_PATH_MESSAGE, requestId: request.id });
    }
    request.path = path;
  });
}
