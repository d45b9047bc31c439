import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../contracts/common';
import { type DatabaseProbe, isDatabaseUnavailable, sendDatabaseUnavailable } from './database-unavailable';

/** The PostgreSQL error code of an error or of what it wraps (Drizzle wraps the driver's error). */
function postgresCode(error: unknown): string | null {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
/** PostgreSQL refused a character it cannot store (a NUL byte, invalid UTF-8): the input's fault, not ours. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
/** A unique constraint lost a race with another request (two staff doing the same thing at once). */
const UNIQUE_VIOLATION = '23505';

/**
 * Every error leaves as `{error, requestId}` (plus `issues` for invalid input), never a stack, SQL or secret.
 * Client errors keep their message; server errors are logged in full and answered with a generic one.
 */
export function registerErrorHandling(app: FastifyInstance, options: { probe?: DatabaseProbe } = {}): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const requestId = request.id;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const body: ApiError = { error: issues[0]?.message ?? 'Invalid request', requestId, issues };
      return reply.code(400).send(body);
    }
    // An expected refusal keeps its status and message; so does our own 503 (a bot check that cannot be reached).
    if (
      error instanceof HttpError ||
      (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
    ) {
      const statusCode = error.statusCode ?? 500;
      const reason = error instanceof HttpError && error.reason !== undefined ? { code: error.reason } : {};
      const issues = error instanceof HttpError && error.issues ? { issues: [...error.issues] } : {};
      return reply
        .code(statusCode)
        .send({ error: error.message, requestId, ...reason, ...issues } satisfies ApiError);
    }
    const code = postgresCode(error);
    if (code !== null && UNSTORABLE_TEXT_CODES.has(code)) {
      return reply.code(400).send({
        error: 'The request contains a character that cannot be stored.',
        requestId,
      } satisfies ApiError);
    }
    if (code === UNIQUE_VIOLATION) {
      request.log.warn({ err: error }, 'unique constraint race');
      return reply.code(409).send({
        error: 'Someone else changed this at the same time. Reload the page and try again.',
        requestId,
      } satisfies ApiError);
    }
    // A lost database is a 503 with Retry-After, never a 500 (ADR 016): said by the error itself, or, for an
    // error that hides its cause (a library's own "internal error"), by the database not answering now.
    const isLost = isDatabaseUnavailable(error);
    if (isLost) options.probe?.noteUnreachable();
    if (isLost || (options.probe && (await options.probe.isOutage()))) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailable(request, reply);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side.', requestId } satisfies ApiError);
  });
}

/**
 * An expected refusal: its status and message reach the client as `{error, requestId}`, with `code` when the
 * refusal has a machine-readable reason a page acts on (e.g. offering the arbiter's consent).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    message: string,
    readonly reason?: string,
    /** The things the refusal is about, one line each (e.g. the boards still without a confirmed result). */
    readonly issues?: readonly { path: string; message: string }[],
  ) {
    super(message);
  }
}

/**
 * A refusal answered by a hook before the route runs (a path with two spellings, a draining server, a guard or a
 * switch): serialised here, so the route's own response schema for that status (such as `/api/ready`'s 503,
 * which has another shape) cannot turn the refusal into a 500.
 */
export function sendRefusal(reply: FastifyReply, statusCode: number, body: ApiError): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
