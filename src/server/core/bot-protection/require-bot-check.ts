import type { FastifyRequest } from 'fastify';
import { botProofSchema } from '../../../contracts/bot-protection';
import type { BotProtection } from './bot-protection.service';

/**
 * A preHandler for a route that wraps several forms (better-auth's `/api/auth/*`): the request the predicate
 * picks must carry a passing `botProof` in its body (the password-reset request, ADR 022).
 */
export function requireBotCheck(botProtection: BotProtection, applies: (request: FastifyRequest) => boolean) {
  return async (request: FastifyRequest) => {
    if (request.method !== 'POST' || !applies(request)) return;
    const proof = botProofSchema.safeParse((request.body as { botProof?: unknown } | undefined)?.botProof);
    await botProtection.verify(proof.success ? proof.data : undefined, request.ip);
  };
}
