import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '../../contracts/common';
import type { AuditContext } from '../audit/audit';

/**
 * The error part of a route's `response` schema: every listed status answers `{ error, requestId }`.
 * `response: { 200: okSchema, ...apiErrors(400, 401, 403) }`.
 */
export function apiErrors<const Code extends number>(
  ...codes: Code[]
): { [K in Code]: typeof apiErrorSchema } {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as {
    [K in Code]: typeof apiErrorSchema;
  };
}

/** Who did it and from where, for system_logs and security events; no actor when signed out. */
export async function auditContextOf(request: FastifyRequest): Promise<AuditContext> {
  return { actorId: (await request.actor())?.userId ?? null, ip: request.ip };
}
