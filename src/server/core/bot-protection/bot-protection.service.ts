import type { Logger } from 'pino';
import {
  BOT_PROTECTION_MESSAGES,
  type BotProof,
  type BotProvider,
  type CspSources,
  DEFAULT_POW_BITS,
  isThirdParty,
  type PublicBotProtection,
  THIRD_PARTY,
  THIRD_PARTY_PROVIDERS,
  type ThirdPartyProvider,
} from '../../../contracts/bot-protection';
import {
  type BotProtectionAdmin,
  PROVIDER_LABELS,
  type UpdateBotProtectionBody,
} from '../../../contracts/bot-protection-admin';
import type { Audit, AuditContext } from '../../audit/audit';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { OutboundClient } from '../../http/outbound';
import { ProofOfWork, type RegistrationKeys } from '../registrations/registration-security';
import { INTERNAL_SETTING_KEYS } from '../settings/settings.registry';
import { readSettingValue, saveSettingIn } from '../settings/settings.service';
import {
  type BotCheck,
  type BotCheckOutcome,
  ProofOfWorkCheck,
  SITEVERIFY_TIMEOUT_MS,
  SITEVERIFY_URLS,
  SiteverifyCheck,
} from './bot-check';
import {
  describeBotProtection as describe,
  type StoredBotProtection as Stored,
} from './bot-protection.stored';
import { SecretBox } from './secret-box';

export const BOT_PROTECTION_KEY = INTERNAL_SETTING_KEYS.botProtection;
const CHALLENGE_TTL_MS = 15 * 60_000;

export interface BotProtectionOptions {
  db: Db;
  audit: Audit;
  keys: RegistrationKeys;
  serverSecret: string;
  now: () => number;
  /** Proof-of-work difficulty when none is stored (tests lower it). */
  defaultPowBits: number | undefined;
  /** The siteverify URL of every third-party provider, instead of the real ones (loopback tests). */
  verifyUrl: string | undefined;
  /** How siteverify is called: public addresses only (ADR 038), the operator's `verifyUrl` host excepted. */
  outbound: OutboundClient;
  timeoutMs?: number;
  onUnavailable: (provider: ThirdPartyProvider, reason: string) => void;
}

/** The setting as the process uses it: the chosen provider's check and what the pages are told. */
interface Current {
  stored: Stored;
  provider: BotProvider;
  powBits: number;
  check: BotCheck;
}

/**
 * The chosen bot check (ADR 022): read from the `bot_protection` setting, kept per process until the settings
 * change feed says it changed (conventions §5), so every request can ask for the current provider cheaply
 * (the content security policy of each response depends on it).
 */
export class BotProtection {
  private current: Promise<Current> | undefined;
  private lastKnown: Current | undefined;
  private lastUnavailableAt: Date | null = null;
  private readonly box: SecretBox;

  constructor(private readonly options: BotProtectionOptions) {
    this.box = new SecretBox(options.serverSecret);
  }

  /** Forget the cached setting (a settings change arrived). */
  invalidate(): void {
    this.current = undefined;
  }

  private load(): Promise<Current> {
    this.current ??= readSettingValue(this.options.db, BOT_PROTECTION_KEY).then(
      (stored) => {
        this.lastKnown = this.build(stored);
        return this.lastKnown;
      },
      (error: unknown) => {
        // Not cached: the next request reads again. Until then the last known setting (or proof of work) holds.
        this.current = undefined;
        if (this.lastKnown) return this.lastKnown;
        throw error;
      },
    );
    return this.current;
  }

  private build(stored: Stored): Current {
    const powBits = stored.pow_bits ?? this.options.defaultPowBits ?? DEFAULT_POW_BITS;
    const pow = () =>
      new ProofOfWorkCheck(
        new ProofOfWork(this.options.keys, this.options.db, {
          bits: powBits,
          ttlMs: CHALLENGE_TTL_MS,
          now: this.options.now,
        }),
      );
    const provider = stored.provider;
    if (!isThirdParty(provider)) return { stored, provider, powBits, check: pow() };
    const keys = stored.keys[provider];
    const secret = keys?.secret ? this.box.open(keys.secret, provider) : null;
    const check: BotCheck =
      keys && secret !== null
        ? new SiteverifyCheck(
            provider,
            { siteKey: keys.site_key, secret },
            {
              url: this.options.verifyUrl ?? SITEVERIFY_URLS[provider],
              timeoutMs: this.options.timeoutMs ?? SITEVERIFY_TIMEOUT_MS,
              outbound: this.options.outbound,
            },
          )
        : // A secret sealed under another server secret cannot be opened: unavailable, never let through.
          { verify: async () => ({ status: 'unavailable', reason: 'the secret key cannot be read' }) };
    return { stored, provider, powBits, check };
  }

  /** The chosen provider's sources for the content security policy; none while proof of work is chosen. */
  async cspSources(): Promise<CspSources | null> {
    let provider: BotProvider;
    try {
      provider = (await this.load()).provider;
    } catch {
      provider = 'proof_of_work';
    }
    return isThirdParty(provider) ? THIRD_PARTY[provider].csp : null;
  }

  async publicConfig(): Promise<PublicBotProtection> {
    const current = await this.load();
    if (!isThirdParty(current.provider))
      return { provider: 'proof_of_work', difficultyBits: current.powBits };
    return { provider: current.provider, siteKey: current.stored.keys[current.provider]?.site_key ?? '' };
  }

  async issueChallenge() {
    const current = await this.load();
    return new ProofOfWork(this.options.keys, this.options.db, {
      bits: current.powBits,
      ttlMs: CHALLENGE_TTL_MS,
      now: this.options.now,
    }).issue();
  }

  /**
   * Checks a form's answer with the chosen provider. Refused → 400, provider unavailable → 503 with the one
   * fail-safe message; answers `release` for a form refused afterwards for another reason.
   */
  async verify(proof: BotProof | undefined, remoteIp: string): Promise<() => Promise<void>> {
    const current = await this.load();
    const outcome: BotCheckOutcome = proof
      ? await current.check.verify(proof, remoteIp)
      : { status: 'refused' };
    if (outcome.status === 'ok') return outcome.release;
    if (outcome.status === 'refused')
      throw new HttpError(400, BOT_PROTECTION_MESSAGES.refused, 'bot_check_refused');
    if (isThirdParty(current.provider)) {
      this.lastUnavailableAt = new Date(this.options.now());
      this.options.onUnavailable(current.provider, outcome.reason);
    }
    throw new HttpError(503, BOT_PROTECTION_MESSAGES.unavailable, 'bot_check_unavailable');
  }

  async adminView(): Promise<BotProtectionAdmin> {
    this.invalidate();
    const current = await this.load();
    const keys = Object.fromEntries(
      THIRD_PARTY_PROVIDERS.map((provider) => {
        const entry = current.stored.keys[provider];
        return [provider, { siteKey: entry?.site_key ?? null, isSecretSet: Boolean(entry?.secret) }];
      }),
    ) as BotProtectionAdmin['keys'];
    return {
      provider: current.provider,
      powBits: current.powBits,
      keys,
      lastUnavailableAt: this.lastUnavailableAt?.toISOString() ?? null,
    };
  }

  /** Saves the choice and keys, sealing new secrets; audited in the same transaction (never a key in the row). */
  async update(who: AuditContext, body: UpdateBotProtectionBody): Promise<BotProtectionAdmin> {
    await this.options.db.transaction(async (tx) => {
      const before = await readSettingValue(tx, BOT_PROTECTION_KEY);
      const keys: Stored['keys'] = { ...before.keys };
      const changedSecrets: ThirdPartyProvider[] = [];
      for (const provider of THIRD_PARTY_PROVIDERS) {
        const input = body.keys?.[provider];
        if (!input) continue;
        const secret = input.secret
          ? this.box.seal(input.secret, provider)
          : (keys[provider]?.secret ?? null);
        if (input.secret) changedSecrets.push(provider);
        keys[provider] = { site_key: input.siteKey, secret };
      }
      if (isThirdParty(body.provider)) {
        const chosen = keys[body.provider];
        if (!chosen?.site_key || !chosen.secret) {
          throw new HttpError(400, BOT_PROTECTION_MESSAGES.keysRequired(PROVIDER_LABELS[body.provider]));
        }
      }
      const after: Stored = { provider: body.provider, pow_bits: body.powBits, keys };
      await saveSettingIn(tx, this.options.audit, who, BOT_PROTECTION_KEY, after, {
        action: 'update_bot_protection',
        description: `Bot protection: ${PROVIDER_LABELS[body.provider]}`,
        details: (change) => ({
          before: describe(change.before),
          after: describe(change.after),
          secretsChanged: changedSecrets,
        }),
      });
    });
    this.invalidate();
    return this.adminView();
  }

  /** The admin's way out when a provider cannot be reached: proof of work again, keys kept. */
  async fallBackToProofOfWork(who: AuditContext): Promise<BotProtectionAdmin> {
    await this.options.db.transaction(async (tx) => {
      const before = await readSettingValue(tx, BOT_PROTECTION_KEY);
      await saveSettingIn(
        tx,
        this.options.audit,
        who,
        BOT_PROTECTION_KEY,
        { ...before, provider: 'proof_of_work' },
        {
          action: 'bot_protection_fallback',
          description: `Bot protection: back to proof of work from ${PROVIDER_LABELS[before.provider]}`,
          details: (change) => ({ before: describe(change.before), after: describe(change.after) }),
        },
      );
    });
    this.invalidate();
    this.lastUnavailableAt = null;
    return this.adminView();
  }
}

/** The application's one bot check, built from the context's parts (app.ts). */
export function createBotProtection(parts: {
  db: Db;
  audit: Audit;
  keys: RegistrationKeys;
  serverSecret: string | undefined;
  now: () => number;
  defaultPowBits: number | undefined;
  logger: Logger;
  outbound: OutboundClient;
}): BotProtection {
  if (!parts.serverSecret) throw new Error('better-auth has no secret');
  // Loopback tests and a staging proxy: every provider's siteverify at this URL instead of the real one. The
  // operator sets it in the environment, so its host is trusted (ADR 038); nothing an administrator types is.
  const verifyUrl = process.env.BOT_CHECK_VERIFY_URL || undefined;
  return new BotProtection({
    ...parts,
    serverSecret: parts.serverSecret,
    verifyUrl,
    outbound: verifyUrl
      ? parts.outbound.allowing([new URL(verifyUrl).hostname.replace(/^\[(.*)\]$/, '$1')])
      : parts.outbound,
    onUnavailable: (provider, reason) =>
      parts.logger.warn({ provider, reason }, 'bot check unavailable: the form was refused (fail safe)'),
  });
}
