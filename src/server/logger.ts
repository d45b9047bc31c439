import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * The server's logger (docs/security.md T20): pino with every secret taken out before a line is written. One
 * module, used by `main.ts` and by the tests that read what was logged, so the rule tested is the rule run.
 *
 * Four layers, each catching what the one before cannot see:
 * - a log call's own object (`formatters.log`) is walked: a field named like a secret (`password`, `token`,
 *   `cookie`, `authorization`, …) is replaced by `[redacted]`, Drizzle's `params` array is dropped, text is
 *   scrubbed (below), and an error anywhere in it is serialised as `err` is;
 * - `err` (`serializers.err`): Drizzle's failed-query error ("Failed query: … \nparams: <the values>",
 *   with the values also as its `params` property) keeps its SQL and loses its values, in its message, its
 *   stack and every error it wraps. During a database restart the session query fails with the session
 *   token as its one parameter; this is what keeps it out;
 * - the message (`hooks.logMethod`): `log.error(error)` would take the raw error message as the line's `msg`;
 *   it gets the scrubbed one, and any text argument is scrubbed too;
 * - the written line (`hooks.streamWrite`): the JSON text is scrubbed once more, which also covers what the
 *   layers above never see — a child logger's bindings (Fastify's per-request logger) and Fastify's own
 *   serialisers (a request's URL: a reset or unsubscribe link carries its token in the path).
 */

export const REDACTED = '[redacted]';
/** What replaces Drizzle's list of query parameters. */
export const QUERY_PARAMETERS_REDACTED = '[query parameters not logged]';

/** Field names whose values are never logged, compared lower case without `-` and `_`. */
const SECRET_FIELDS = new Set([
  'password',
  'newpassword',
  'currentpassword',
  'oldpassword',
  'passwordhash',
  'token',
  'sessiontoken',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'resettoken',
  'verificationtoken',
  'invitetoken',
  'consenttoken',
  'unsubscribetoken',
  'badgetoken',
  'secret',
  'authsecret',
  'clientsecret',
  'secretkey',
  'cookie',
  'cookies',
  'setcookie',
  'authorization',
  'proxyauthorization',
  'otp',
  'backupcodes',
  'totpuri',
  'totpsecret',
]);
/** Fields dropped whole: Drizzle's query parameters (any value a query was given, tokens included). */
const DROPPED_FIELDS = new Set(['params']);

const normalisedField = (name: string) => name.toLowerCase().replace(/[-_]/g, '');
const isSecretField = (name: string) => SECRET_FIELDS.has(normalisedField(name));

/** Path segments followed by a secret in links this site (and better-auth) sends: reset, verify, invite, unsubscribe. */
const TOKEN_PATH =
  /(\/(?:reset-password|verify-email|verify|invites?|invitations?|unsubscribe|magic-link|accept-invitation)\/)(?!\[redacted\])[^\s/?#"'\\&;,)]+/gi;
/** `?token=…`, `&code=…`, `#token=…`, `#t=…` (badge links), `callbackURL` excepted. */
const TOKEN_PARAMETER = /([?&#](?:token|t|code|otp)=)(?!\[redacted\])[^\s&#"'\\;,)]+/gi;
/** Cookies as they appear in a header: better-auth's session cookies and our known-device cookie. */
const COOKIE_VALUE =
  /((?:__Secure-|__Host-)?(?:better-auth\.[\w.-]+|known_device|[\w.-]*session[\w.-]*)=)(?!\[redacted\])[^;\s"'\\,]+/gi;
const CREDENTIALS = /\b(Bearer|Basic)\s+(?!\[redacted\])[\w.~+/=-]+/gi;
/** PostgreSQL's unique-violation detail, `Key (token)=(<the value>) already exists.` */
const CONSTRAINT_KEY = /(Key \([^)]*\)=\()(?!\[redacted\])[^)]*/g;
/**
 * Drizzle's failed-query message: `Failed query: <sql>\nparams: <values>`, the values up to the end of the
 * message, where a stack begins (`\n    at `) or where a wrapped error's stack follows (`\ncaused by: `).
 */
const DRIZZLE_PARAMS = /(^|\n)params: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g;
/** The same in JSON text, where a newline is `\n` and the text ends at an unescaped quote. */
const DRIZZLE_PARAMS_JSON = /\\nparams: (?:[^"\\]|\\.)*?(?=\\n {4}at |\\ncaused by: |")/g;

function scrubLinksAndCookies(text: string): string {
  return text
    .replace(TOKEN_PATH, `$1${REDACTED}`)
    .replace(TOKEN_PARAMETER, `$1${REDACTED}`)
    .replace(COOKIE_VALUE, `$1${REDACTED}`)
    .replace(CREDENTIALS, `$1 ${REDACTED}`)
    .replace(CONSTRAINT_KEY, `$1${REDACTED}`);
}

/** Text as it may be logged: no Drizzle parameters, no token in a link, no cookie or credentials. */
export function redactLogText(text: string): string {
  return scrubLinksAndCookies(text.replace(DRIZZLE_PARAMS, `$1${QUERY_PARAMETERS_REDACTED}`));
}

/** The same for a written JSON log line (the last pass, `hooks.streamWrite`). */
export function redactLogLine(line: string): string {
  if (!/params: |\/|=|Bearer|Basic/.test(line)) return line;
  return scrubLinksAndCookies(line.replace(DRIZZLE_PARAMS_JSON, `\\n${QUERY_PARAMETERS_REDACTED}`));
}

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { stack?: unknown }).stack === 'string');

/** Drizzle's DrizzleQueryError, recognised by shape (its class is not exported by the driver-neutral entry). */
const isFailedQuery = (error: ErrorLike): error is ErrorLike & { query: string } =>
  typeof error.query === 'string' && 'params' in error && error.message.startsWith('Failed query: ');

/**
 * A copy of an error and of every error it wraps, of the same class (so the log still names it), with a failed
 * query's parameters gone and every message and stack scrubbed. The original is left as it was.
 */
function withoutSecrets(error: ErrorLike, seen: Map<unknown, ErrorLike>): ErrorLike {
  const known = seen.get(error);
  if (known) return known;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  seen.set(error, copy);
  const message = isFailedQuery(error)
    ? `Failed query: ${error.query}\n${QUERY_PARAMETERS_REDACTED}`
    : redactLogText(error.message);
  const stack = typeof error.stack === 'string' ? error.stack : '';
  // A function, so that `$…` in the SQL is not read as a replacement pattern.
  const ownStack = stack.includes(error.message) ? stack.replace(error.message, () => message) : stack;
  for (const key of Object.keys(error)) {
    if (DROPPED_FIELDS.has(key)) continue;
    const value = error[key];
    copy[key] = isSecretField(key) ? REDACTED : value;
  }
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  Object.defineProperty(copy, 'stack', { value: redactLogText(ownStack), enumerable: false, writable: true });
  if (typeof error.name === 'string')
    Object.defineProperty(copy, 'name', { value: error.name, enumerable: false, writable: true });
  if (isErrorLike(error.cause)) copy.cause = withoutSecrets(error.cause, seen);
  if (Array.isArray(error.errors)) {
    copy.errors = error.errors.map((inner: unknown) =>
      isErrorLike(inner) ? withoutSecrets(inner, seen) : inner,
    );
  }
  return copy;
}

/** The message a line gets when it logs an error without one of its own: the error's, scrubbed. */
export function safeErrorMessage(error: unknown): string | undefined {
  return isErrorLike(error) ? withoutSecrets(error, new Map()).message : undefined;
}

const SCRUB_DEPTH = 8;

/** A logged value with every secret field redacted and every text scrubbed; plain objects and arrays are copied. */
export function redactLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactLogText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (isErrorLike(value)) return serializeLogError(value);
  if (depth >= SCRUB_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactLogValue(item, depth + 1));
  // Class instances (a request, a reply, a Date) are left to their own serialisers.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED_FIELDS.has(key)) continue;
    copy[key] = isSecretField(key) ? REDACTED : redactLogValue(item, depth + 1);
  }
  return copy;
}

const SERIALISED = Symbol('serialised without secrets');

/** The `err` serialiser: pino's own, on a copy of the error without secrets (see `withoutSecrets`). */
export function serializeLogError(error: unknown): unknown {
  if (!isErrorLike(error)) return redactLogValue(error);
  if ((error as { [SERIALISED]?: true })[SERIALISED]) return error;
  const serialised = pino.stdSerializers.err(withoutSecrets(error, new Map())) as unknown as Record<
    string,
    unknown
  >;
  const plain: Record<string | symbol, unknown> = {};
  for (const [key, value] of Object.entries(serialised)) {
    if (DROPPED_FIELDS.has(key)) continue;
    plain[key] = isSecretField(key)
      ? REDACTED
      : key === 'message' || key === 'stack'
        ? redactLogText(String(value))
        : redactLogValue(value, 1);
  }
  Object.defineProperty(plain, SERIALISED, { value: true, enumerable: false });
  return plain;
}

/**
 * Options that make a pino logger leave secrets out; `createLogger` uses them, and a test that builds its own
 * logger (with a stream to read) passes them too.
 */
export function redactingLoggerOptions(options: LoggerOptions = {}): LoggerOptions {
  return {
    ...options,
    // Header paths Fastify's request serialiser never prints today, kept in case it ever does.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: REDACTED,
    },
    serializers: { ...options.serializers, err: serializeLogError },
    formatters: {
      ...options.formatters,
      log: (object) => redactLogValue(object) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        const given = [...args] as unknown[];
        // `log.error(error)` or `log.warn({ err })` without a message: pino would use the raw error message.
        if (typeof second !== 'string' && typeof first === 'object' && first !== null) {
          const error = isErrorLike(first) ? first : (first as { err?: unknown; msg?: unknown }).err;
          const hasMessage = !isErrorLike(first) && (first as { msg?: unknown }).msg !== undefined;
          const message = hasMessage ? undefined : safeErrorMessage(error);
          if (message !== undefined) given.splice(1, 0, message);
        }
        const scrubbed = given.map((arg) => (typeof arg === 'string' ? redactLogText(arg) : arg));
        return (method as (...values: unknown[]) => void).apply(this, scrubbed);
      },
      streamWrite: redactLogLine,
    },
  };
}

/** The server's logger: pino, with secrets left out (see above). */
export function createLogger(options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  const redacting = redactingLoggerOptions(options);
  return destination ? pino(redacting, destination) : pino(redacting);
}
