import type { ThirdPartyProvider } from '../../../contracts/bot-protection';
import { OutboundClient, OutboundError } from '../../http/outbound';
import type { ProofOfWork } from '../registrations/registration-security';

/**
 * The outcome of one check: `ok` (a person, with `release` to give a proof-of-work challenge back when the
 * form is refused for another reason), `refused` (the answer is wrong, expired or reused) or `unavailable` (the
 * provider could not be asked or does not accept our keys: the form is refused too, fail safe, ADR 022).
 */
export type BotCheckOutcome =
  | { status: 'ok'; release: () => Promise<void> }
  | { status: 'refused' }
  | { status: 'unavailable'; reason: string };

/** One bot check per provider: the form's answer and the client's address in, an outcome out. */
export interface BotCheck {
  verify(
    answer: { token?: string; challenge?: string; nonce?: string },
    remoteIp: string,
  ): Promise<BotCheckOutcome>;
}

const nothingToRelease = async () => undefined;

/** The self-hosted proof of work (registration-security.ts): no third party involved. */
export class ProofOfWorkCheck implements BotCheck {
  constructor(private readonly pow: ProofOfWork) {}

  async verify(answer: { challenge?: string; nonce?: string }): Promise<BotCheckOutcome> {
    if (answer.challenge === undefined || answer.nonce === undefined) return { status: 'refused' };
    const proof = await this.pow.check({ challenge: answer.challenge, nonce: answer.nonce });
    return proof.ok ? { status: 'ok', release: proof.release } : { status: 'refused' };
  }
}

/** Where each provider's siteverify API answers (their documentation); tests point these at a loopback fake. */
export const SITEVERIFY_URLS: Record<ThirdPartyProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

export const SITEVERIFY_TIMEOUT_MS = 5_000;

/**
 * Error codes that mean our side is wrong (a missing, wrong or mismatched key, a malformed request, the
 * provider's own fault), not the visitor's answer: the check is unavailable, not refused. The three providers
 * share most names; `sitekey-secret-mismatch` is hCaptcha's, `internal-error` Turnstile's.
 */
const OUR_FAULT_CODES = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'sitekey-secret-mismatch',
  'invalid-keys',
  'bad-request',
  'internal-error',
  'not-using-dummy-secret',
]);

interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
  score?: unknown;
}

/**
 * Turnstile, hCaptcha and reCAPTCHA (v2 checkbox) all verify the same way: POST
 * `application/x-www-form-urlencoded` with `secret`, `response` and `remoteip` (hCaptcha also takes `sitekey`)
 * to the siteverify URL, which answers JSON `{ success, "error-codes": [...], challenge_ts, hostname, … }`.
 * No answer within the timeout, a non-2xx status, a body that is not that JSON, or an error code of ours →
 * `unavailable`; `success: false` for the visitor's token → `refused`.
 */
export class SiteverifyCheck implements BotCheck {
  private readonly outbound: OutboundClient;

  constructor(
    private readonly provider: ThirdPartyProvider,
    private readonly keys: { siteKey: string; secret: string },
    private readonly options: {
      url: string;
      timeoutMs: number;
      /** Public addresses only, no redirect of the POST followed (ADR 038); a default client when not given. */
      outbound?: OutboundClient;
    },
  ) {
    this.outbound = options.outbound ?? new OutboundClient();
  }

  async verify(answer: { token?: string }, remoteIp: string): Promise<BotCheckOutcome> {
    if (!answer.token) return { status: 'refused' };
    const form = new URLSearchParams({
      secret: this.keys.secret,
      response: answer.token,
      remoteip: remoteIp,
    });
    if (this.provider === 'hcaptcha') form.set('sitekey', this.keys.siteKey);
    let body: SiteverifyAnswer;
    try {
      const response = await this.outbound.request(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        timeoutMs: this.options.timeoutMs,
      });
      if (!response.ok) return { status: 'unavailable', reason: `HTTP ${response.status}` };
      body = response.json() as SiteverifyAnswer;
    } catch (error) {
      if (error instanceof OutboundError && error.failure === 'refused') {
        return { status: 'unavailable', reason: `refused address (${error.message})` };
      }
      const name = error instanceof Error ? error.name : 'error';
      return {
        status: 'unavailable',
        reason: name === 'TimeoutError' ? 'timed out' : `unreachable (${name})`,
      };
    }
    if (typeof body !== 'object' || body === null || typeof body.success !== 'boolean') {
      return { status: 'unavailable', reason: 'unexpected answer' };
    }
    const codes = Array.isArray(body['error-codes']) ? body['error-codes'].map(String) : [];
    const ourFault = codes.filter((code) => OUR_FAULT_CODES.has(code));
    if (ourFault.length > 0) return { status: 'unavailable', reason: `provider says ${ourFault.join(', ')}` };
    if (!body.success) return { status: 'refused' };
    // reCAPTCHA v3 keys answer with a score: below Google's suggested 0.5 counts as a bot.
    if (typeof body.score === 'number' && body.score < 0.5) return { status: 'refused' };
    return { status: 'ok', release: nothingToRelease };
  }
}
