import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lte } from 'drizzle-orm';
import { meetsDifficulty } from '../../../domain/registration';
import type { Db } from '../../db/client';
import { usedChallenges } from '../../db/schema/shared-state';

/** Equal-time comparison of two strings of any length (hashed first, so lengths leak nothing either). */
export function constantTimeEquals(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Keys for the registration feature, derived from the site's auth secret with a label each, so a token
 * of one kind can never pass as another and the auth secret itself is never used twice.
 */
export class RegistrationKeys {
  private readonly accessKey: Buffer;
  private readonly challengeKey: Buffer;
  private readonly consentKey: Buffer;

  constructor(siteSecret: string) {
    const derive = (label: string) => createHmac('sha256', siteSecret).update(label).digest();
    this.accessKey = derive('registration-access-v1');
    this.challengeKey = derive('registration-challenge-v1');
    this.consentKey = derive('guardian-consent-v1');
  }

  /**
   * The registrant's access token for one registration: it opens the teams page and payment without an
   * account. Deterministic, so the mail link and the status lookup give the same token, and nothing is stored.
   */
  accessToken(registrationId: string): string {
    return createHmac('sha256', this.accessKey).update(registrationId).digest('base64url');
  }

  isAccessToken(registrationId: string, token: string | undefined): boolean {
    return token !== undefined && constantTimeEquals(this.accessToken(registrationId), token);
  }

  /**
   * The guardian's consent link token for one registered player, bound to the guardian's e-mail address and
   * to the child's name: deterministic (nothing stored), and a link stops working when the address is
   * corrected or the entry is renamed (the renamed entry may be another child, ADR 008).
   */
  consentToken(playerId: string, guardianEmail: string, playerName: string): string {
    return createHmac('sha256', this.consentKey)
      .update(`${playerId}\n${guardianEmail.trim().toLowerCase()}\n${playerName.trim()}`)
      .digest('base64url');
  }

  isConsentToken(playerId: string, guardianEmail: string | null, playerName: string, token: string): boolean {
    // Compared even without an address, so an entry without one takes as long to refuse as a wrong token.
    const expected = this.consentToken(playerId, guardianEmail ?? '', playerName);
    return constantTimeEquals(expected, token) && guardianEmail !== null && guardianEmail !== '';
  }

  signChallenge(payload: string): string {
    return createHmac('sha256', this.challengeKey).update(payload).digest('base64url');
  }
}

export type ProofCheck = { ok: true; release: () => Promise<void> } | { ok: false };

/**
 * Self-hosted proof of work against form bots (no third-party service): the server hands out a signed,
 * expiring challenge; the browser finds a nonce so that SHA-256(challenge + nonce) starts with `bits` zero
 * bits; the server checks the signature, the expiry, the work and that the challenge was not used before.
 * Used challenges are rows of `used_challenges` (unique id, kept until the challenge expires), so every server
 * process refuses a challenge spent on another, also when the same proof arrives on two at once.
 */
export class ProofOfWork {
  private lastPurge = 0;

  constructor(
    private readonly keys: RegistrationKeys,
    private readonly db: Db,
    private readonly options: { bits: number; ttlMs: number; now: () => number },
  ) {}

  issue(): { challenge: string; difficultyBits: number; expiresAt: string } {
    const expires = this.options.now() + this.options.ttlMs;
    const payload = `pow1.${randomBytes(12).toString('base64url')}.${expires}.${this.options.bits}`;
    return {
      challenge: `${payload}.${this.keys.signChallenge(payload)}`,
      difficultyBits: this.options.bits,
      expiresAt: new Date(expires).toISOString(),
    };
  }

  /**
   * Checks a proof and claims its challenge. `release` gives the challenge back, for a submission refused
   * for another reason (a validation error), so the registrant can correct the form and send it again.
   */
  async check(proof: { challenge: string; nonce: string }): Promise<ProofCheck> {
    const now = this.options.now();
    const parts = proof.challenge.split('.');
    if (parts.length !== 5 || parts[0] !== 'pow1') return { ok: false };
    const [, id, expiresText, bitsText, signature] = parts as [string, string, string, string, string];
    const payload = parts.slice(0, 4).join('.');
    if (!constantTimeEquals(this.keys.signChallenge(payload), signature)) return { ok: false };
    const expires = Number(expiresText);
    const bits = Number(bitsText);
    if (!Number.isSafeInteger(expires) || expires <= now) return { ok: false };
    if (!Number.isInteger(bits) || bits < this.options.bits) return { ok: false };
    const digest = createHash('sha256').update(`${proof.challenge}${proof.nonce}`, 'utf8').digest();
    if (!meetsDifficulty(digest, bits)) return { ok: false };
    await this.purgeNowAndThen(now);
    // The unique id decides a race: of any number of concurrent claims, one inserts the row.
    const claimed = await this.db
      .insert(usedChallenges)
      .values({ id, expiresAt: new Date(expires) })
      .onConflictDoNothing()
      .returning({ id: usedChallenges.id });
    if (claimed.length !== 1) return { ok: false };
    return {
      ok: true,
      release: async () => {
        await this.db.delete(usedChallenges).where(eq(usedChallenges.id, id));
      },
    };
  }

  /** Deletes claims of expired challenges (refused by their expiry anyway), at most once a minute. */
  private async purgeNowAndThen(now: number): Promise<void> {
    if (now - this.lastPurge < 60_000 && now >= this.lastPurge) return;
    this.lastPurge = now;
    await this.db.delete(usedChallenges).where(lte(usedChallenges.expiresAt, new Date(now)));
  }
}

/** Solves a challenge by brute force (tests and scripts; browsers do the same with Web Crypto). */
export function solveChallenge(challenge: string, bits: number): string {
  for (let nonce = 0; ; nonce += 1) {
    const digest = createHash('sha256').update(`${challenge}${nonce}`, 'utf8').digest();
    if (meetsDifficulty(digest, bits)) return String(nonce);
  }
}
