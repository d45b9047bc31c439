import { z } from 'zod';
import { apiErrorSchema } from '../../contracts/common';

/** A failed API call: the server's message and the request id to quote to support. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly requestId: string | null;
  /** The machine-readable reason, when one was sent: ours (e.g. `repeat_bye_needed`) or better-auth's (e.g. INVALID_TOKEN). */
  readonly code: string | null;
  /** For refused input: each problem with the field it belongs to (paths as in the request body). */
  readonly issues: readonly { path: string; message: string }[];
  /** The whole error body, for a refusal that carries more (e.g. a stale change's current record). */
  readonly body: unknown;

  constructor(
    message: string,
    status: number,
    requestId: string | null,
    code: string | null = null,
    issues: readonly { path: string; message: string }[] = [],
    body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.requestId = requestId;
    this.code = code;
    this.issues = issues;
    this.body = body;
  }
}

/** better-auth's own routes (/api/auth/*) answer errors as { message, code }. */
const authErrorSchema = z.object({ message: z.string().min(1), code: z.string().optional() });

async function readError(response: Response): Promise<ApiRequestError> {
  try {
    const body: unknown = await response.json();
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) {
      const { error, requestId, code, issues } = parsed.data;
      return new ApiRequestError(error, response.status, requestId, code ?? null, issues ?? [], body);
    }
    const auth = authErrorSchema.safeParse(body);
    if (auth.success)
      return new ApiRequestError(auth.data.message, response.status, null, auth.data.code ?? null);
  } catch {
    // Not JSON (a proxy error page, for instance): fall through to a generic message.
  }
  return new ApiRequestError(`Request failed (${response.status})`, response.status, null);
}

/**
 * Takes a GET answer another module started ahead of the page that reads it (the CRM's early reads, ADR 030), by
 * path, or null. The starting code lives with that module, off every other page's first load.
 */
let takeEarlyRead: (path: string) => Promise<Response> | null = () => null;
export function provideEarlyReads(take: (path: string) => Promise<Response> | null): void {
  takeEarlyRead = take;
}

async function request<T>(
  path: string,
  init: RequestInit,
  schema: z.ZodType<T>,
  early: Promise<Response> | null = null,
): Promise<T> {
  let response: Response;
  try {
    response = await (early ?? fetch(path, init));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError('Network error: check your connection and try again', 0, null);
  }
  if (!response.ok) throw await readError(response);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // An empty or non-JSON success body: the schema decides whether that is acceptable.
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiRequestError('The server sent data this page does not understand', response.status, null);
  }
  return parsed.data;
}

/**
 * GETs a JSON API path and parses the body with its contract schema. `extraHeaders` carry a link's token
 * (never the query string, which proxies log).
 */
export function getJson<T>(
  path: string,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  return request(
    path,
    { headers: { Accept: 'application/json', ...extraHeaders }, signal: signal ?? null },
    schema,
    Object.keys(extraHeaders).length === 0 ? takeEarlyRead(path) : null,
  );
}

/**
 * Sends a JSON body with a state-changing method and parses the answer with its contract schema. The browser
 * adds the Origin header the server's cross-site check looks for.
 */
export function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  return request(
    path,
    {
      method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...extraHeaders },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
    },
    schema,
  );
}

/** POSTs raw bytes (an image upload) with their content type and parses the answer with its contract schema. */
export function sendBytes<T>(
  path: string,
  body: Blob,
  contentType: string,
  schema: z.ZodType<T>,
): Promise<T> {
  return request(
    path,
    {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': contentType },
      body,
      credentials: 'same-origin',
    },
    schema,
  );
}

/** For answers whose body the page does not read. */
export const anyBody = z.unknown();

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}

/** The message the server sent with a refusal, or the fallback when there was no answer (docs/requirements.md §8 toasts). */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.status !== 0 ? error.message : fallback;
}
