import type { z } from 'zod';
import { apiErrorSchema } from '../../contracts/common';

/** A failed API call: the server's message and the request id to quote to support. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly requestId: string | null;

  constructor(message: string, status: number, requestId: string | null) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.requestId = requestId;
  }
}

async function readError(response: Response): Promise<ApiRequestError> {
  try {
    const parsed = apiErrorSchema.safeParse(await response.json());
    if (parsed.success) return new ApiRequestError(parsed.data.error, response.status, parsed.data.requestId);
  } catch {
    // Not JSON (a proxy error page, for instance): fall through to a generic message.
  }
  return new ApiRequestError(`Request failed (${response.status})`, response.status, null);
}

/** GETs a JSON API path and parses the body with its contract schema. */
export async function getJson<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError('Network error: check your connection and try again', 0, null);
  }
  if (!response.ok) throw await readError(response);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiRequestError('The server sent data this page does not understand', response.status, null);
  }
  return parsed.data;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}
