import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { meetsDifficulty } from '../../../src/domain/registration';

/**
 * A fresh registration challenge, solved as the registration page does (SHA-256 of `challenge + nonce`
 * with enough leading zero bits): the `botProof` of a POST /api/registrations.
 */
export async function solvedBotProof(
  request: APIRequestContext,
): Promise<{ challenge: string; nonce: string }> {
  const { challenge, difficultyBits } = await (await request.get('/api/registrations/challenge')).json();
  for (let nonce = 0; ; nonce += 1) {
    const digest = createHash('sha256').update(`${challenge}${nonce}`).digest();
    if (meetsDifficulty(digest, difficultyBits)) return { challenge, nonce: String(nonce) };
  }
}
