import { z } from 'zod';
import {
  BOT_PROVIDERS,
  type BotProvider,
  POW_BITS_MAX,
  POW_BITS_MIN,
  THIRD_PARTY,
  THIRD_PARTY_PROVIDERS,
} from './bot-protection';
import { isoDateTime } from './common';

/*
 * The admin page's schemas (ADR 022), apart from the public ones: the registration and sign-in pages import
 * `bot-protection.ts`, and zod schemas are code that runs at load, so they would ship with every public page.
 */

export const PROVIDER_LABELS: Record<BotProvider, string> = {
  proof_of_work: 'Proof of work (self-hosted)',
  turnstile: THIRD_PARTY.turnstile.label,
  hcaptcha: THIRD_PARTY.hcaptcha.label,
  recaptcha: THIRD_PARTY.recaptcha.label,
};

/**
 * Median time to solve one challenge on a mid-range phone, by difficulty: measured in Chromium with the CPU
 * slowed 4× (`npm run bench:pow`, 15 challenges per measured row: 32,000 hashes/s; docs/performance.md). Bits above the last measured row are estimated from
 * the measured hash rate (the work doubles with each bit).
 */
export const POW_SOLVE_TIMES: Record<number, { medianMs: number; isEstimate: boolean }> = {
  12: { medianMs: 69, isEstimate: false },
  13: { medianMs: 165, isEstimate: false },
  14: { medianMs: 141, isEstimate: false },
  15: { medianMs: 382, isEstimate: false },
  16: { medianMs: 1_131, isEstimate: false },
  17: { medianMs: 1_666, isEstimate: false },
  18: { medianMs: 5_664, isEstimate: false },
  19: { medianMs: 11_272, isEstimate: true },
  20: { medianMs: 22_544, isEstimate: true },
  21: { medianMs: 45_088, isEstimate: true },
  22: { medianMs: 90_176, isEstimate: true },
};

const siteKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\w.-]+$/, 'Enter the site key as given');
const secretKeySchema = z.string().trim().min(1).max(500);

/** GET /api/admin/bot-protection: the secret keys only as "set" or "not set", never their value. */
export const botProtectionAdminSchema = z.object({
  provider: z.enum(BOT_PROVIDERS),
  powBits: z.number().int(),
  keys: z.record(
    z.enum(THIRD_PARTY_PROVIDERS),
    z.object({ siteKey: z.string().nullable(), isSecretSet: z.boolean() }),
  ),
  /** When this process last failed to reach the chosen provider (the page then offers proof of work). */
  lastUnavailableAt: isoDateTime.nullable(),
});
export type BotProtectionAdmin = z.infer<typeof botProtectionAdminSchema>;

/** PUT /api/admin/bot-protection: a secret left out keeps the stored one. */
export const updateBotProtectionBodySchema = z
  .object({
    provider: z.enum(BOT_PROVIDERS),
    powBits: z.number().int().min(POW_BITS_MIN).max(POW_BITS_MAX),
    keys: z
      .partialRecord(
        z.enum(THIRD_PARTY_PROVIDERS),
        z.object({ siteKey: siteKeySchema, secret: secretKeySchema.optional() }).strict(),
      )
      .optional(),
  })
  .strict();
export type UpdateBotProtectionBody = z.infer<typeof updateBotProtectionBodySchema>;
