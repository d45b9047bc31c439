import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Bot protection of the public forms (registration, password-reset request; ADR 022): the self-hosted proof
 * of work, or one of three third-party widgets whose answer the server checks with the provider.
 */

export const BOT_PROVIDERS = ['proof_of_work', 'turnstile', 'hcaptcha', 'recaptcha'] as const;
export type BotProvider = (typeof BOT_PROVIDERS)[number];
export const THIRD_PARTY_PROVIDERS = ['turnstile', 'hcaptcha', 'recaptcha'] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];

export const isThirdParty = (provider: BotProvider): provider is ThirdPartyProvider =>
  provider !== 'proof_of_work';

/** Sources a provider's widget needs in the content security policy (each provider's documentation). */
export interface CspSources {
  scriptSrc: readonly string[];
  frameSrc: readonly string[];
  connectSrc: readonly string[];
  styleSrc: readonly string[];
}

/** What the browser needs of a third-party provider: the name shown, its widget script and its origins. */
export const THIRD_PARTY = {
  turnstile: {
    label: 'Cloudflare Turnstile',
    /** Explicit rendering; `onload` names the global function the script calls when ready. */
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
    csp: {
      scriptSrc: ['https://challenges.cloudflare.com'],
      frameSrc: ['https://challenges.cloudflare.com'],
      connectSrc: ['https://challenges.cloudflare.com'],
      styleSrc: [],
    },
  },
  hcaptcha: {
    label: 'hCaptcha',
    scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
    global: 'hcaptcha',
    csp: {
      scriptSrc: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      frameSrc: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      connectSrc: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      styleSrc: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    },
  },
  recaptcha: {
    label: 'Google reCAPTCHA',
    scriptUrl: 'https://www.google.com/recaptcha/api.js?render=explicit',
    global: 'grecaptcha',
    csp: {
      scriptSrc: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      connectSrc: ['https://www.google.com/recaptcha/'],
      styleSrc: [],
    },
  },
} as const satisfies Record<
  ThirdPartyProvider,
  { label: string; scriptUrl: string; global: string; csp: CspSources }
>;

/** Proof-of-work difficulty: leading zero bits of SHA-256 (each bit doubles the work). */
export const POW_BITS_MIN = 12;
export const POW_BITS_MAX = 22;
/** About 65,000 hashes on average: a second or two on a mid-range phone (see POW_SOLVE_TIMES in bot-protection-admin.ts). */
export const DEFAULT_POW_BITS = 16;

export const BOT_PROTECTION_MESSAGES = {
  /** The provider refused the answer (a bot, an expired or reused token). */
  refused: 'The anti-spam check failed. Please submit the form again.',
  /** The provider could not be asked (unreachable, timed out, misconfigured): nothing was sent (fail safe). */
  unavailable:
    'The anti-spam check is not working right now, so your form was not sent. Please try again in a few minutes; if it keeps happening, contact the organisers.',
  /** The widget's script did not load in the browser (blocked, offline). */
  widgetFailed:
    'The anti-spam check could not be loaded. Check your connection or disable blockers for this site, then reload the page.',
  /** The form was sent before the widget was completed. */
  widgetIncomplete: 'Complete the anti-spam check above the button first.',
  keysRequired: (label: string) => `Enter the site key and secret key of ${label} before choosing it.`,
  saved: 'Bot protection saved',
  fellBack: 'Switched back to proof of work',
} as const;

/** The answer a form sends: a solved proof of work, or the third-party widget's token. */
export const powProofSchema = z
  .object({
    challenge: z.string().min(10).max(500),
    nonce: z.string().regex(/^\d{1,20}$/, 'Invalid anti-spam answer'),
  })
  .strict();
export const widgetProofSchema = z.object({ token: z.string().min(1).max(4096) }).strict();
export const botProofSchema = z.union([powProofSchema, widgetProofSchema]);
export type PowProof = z.infer<typeof powProofSchema>;
export type BotProof = z.infer<typeof botProofSchema>;

/**
 * GET /api/bot-protection/challenge: find a decimal `nonce` such that SHA-256 (UTF-8) of `challenge + nonce`
 * starts with `difficultyBits` zero bits (`meetsDifficulty` in src/domain/registration.ts), before `expiresAt`.
 * A challenge is accepted once.
 */
export const powChallengeSchema = z.object({
  challenge: z.string(),
  difficultyBits: z.number().int(),
  expiresAt: isoDateTime,
});
export type PowChallenge = z.infer<typeof powChallengeSchema>;

/** GET /api/public/bot-protection: what the forms need to show the chosen check. */
export const publicBotProtectionSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('proof_of_work'), difficultyBits: z.number().int() }),
  z.object({ provider: z.enum(THIRD_PARTY_PROVIDERS), siteKey: z.string() }),
]);
export type PublicBotProtection = z.infer<typeof publicBotProtectionSchema>;
