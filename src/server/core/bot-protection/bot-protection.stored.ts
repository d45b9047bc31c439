import { z } from 'zod';
import {
  BOT_PROVIDERS,
  POW_BITS_MAX,
  POW_BITS_MIN,
  THIRD_PARTY_PROVIDERS,
} from '../../../contracts/bot-protection';

/**
 * The `bot_protection` settings document (ADR 022), apart from the service so the settings registry
 * (src/server/core/settings/settings.registry.ts) can read it without importing the service.
 */
const sealedSchema = z.object({ v: z.literal(1), iv: z.string(), tag: z.string(), data: z.string() });
/** The stored document (snake_case like every settings document); secrets only sealed. */
export const storedBotProtectionSchema = z.object({
  provider: z.enum(BOT_PROVIDERS).catch('proof_of_work'),
  pow_bits: z.number().int().min(POW_BITS_MIN).max(POW_BITS_MAX).optional().catch(undefined),
  keys: z
    .partialRecord(
      z.enum(THIRD_PARTY_PROVIDERS),
      z.object({ site_key: z.string(), secret: sealedSchema.nullable() }),
    )
    .catch({}),
});
export type StoredBotProtection = z.infer<typeof storedBotProtectionSchema>;
export const EMPTY_BOT_PROTECTION: StoredBotProtection = { provider: 'proof_of_work', keys: {} };

/** Reads whatever is stored: nothing, or a document that cannot be read, is proof of work without keys. */
export function readStoredBotProtection(stored: unknown): StoredBotProtection {
  const parsed = storedBotProtectionSchema.safeParse(stored ?? EMPTY_BOT_PROTECTION);
  return parsed.success ? parsed.data : EMPTY_BOT_PROTECTION;
}

/** The audit view of a setting: provider, difficulty, site keys and whether a secret is set; never a secret. */
export function describeBotProtection(stored: StoredBotProtection) {
  return {
    provider: stored.provider,
    powBits: stored.pow_bits ?? null,
    keys: Object.fromEntries(
      Object.entries(stored.keys).map(([provider, entry]) => [
        provider,
        { siteKey: entry.site_key, isSecretSet: entry.secret !== null },
      ]),
    ),
  };
}
