import { z } from 'zod';
import {
  BOT_PROTECTION_MESSAGES,
  type CspSources,
  powChallengeSchema,
  publicBotProtectionSchema,
} from '../../../contracts/bot-protection';
import {
  botProtectionAdminSchema,
  updateBotProtectionBodySchema,
} from '../../../contracts/bot-protection-admin';
import { requireSettingsUnlock } from '../../core/settings-unlock';
import { type FeatureContext, routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import { extendContentSecurityPolicy } from '../../http/security-headers';

const tags = ['bot protection'];
const errors = apiErrors(400, 401, 403);

/**
 * Bot protection of the public forms (ADR 022): the admin's choice of provider behind the settings password,
 * what the forms are told, the proof-of-work challenge, and the content security policy of every response
 * extended by the chosen widget's origins only.
 */
export const botProtectionFeature = routesFeature('bot-protection', registerBotProtectionRoutes);

function registerBotProtectionRoutes(typed: TypedApp, context: FeatureContext): void {
  const { db, clock, feed, botProtection: service } = context;
  // Any change drops the cached setting (one primary-key read at the next request): a settings write says
  // 'settings', but a bulk reset (TRUNCATE) of system_settings sends no row notice of its own.
  feed.subscribe(() => service.invalidate());

  // Per request: the policy the security headers set, extended by the chosen widget's origins (cached per policy).
  const extended = new Map<string, string>();
  const extend = (policy: string, sources: CspSources) => {
    const key = `${policy}\n${sources.scriptSrc.join(' ')}`;
    let value = extended.get(key);
    if (value === undefined) {
      value = extendContentSecurityPolicy(policy, sources);
      extended.set(key, value);
    }
    return value;
  };
  typed.addHook('onRequest', async (_request, reply) => {
    const sources = await service.cspSources();
    const policy = reply.getHeader('content-security-policy');
    if (sources && typeof policy === 'string')
      reply.header('content-security-policy', extend(policy, sources));
  });

  const unlocked = requireSettingsUnlock(db, clock.now);

  typed.get(
    '/api/public/bot-protection',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The bot check the public forms show: proof of work, or a widget and its site key',
        tags,
        response: { 200: publicBotProtectionSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.publicConfig();
    },
  );

  typed.get(
    '/api/bot-protection/challenge',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A signed, expiring proof-of-work challenge for a public form',
        tags,
        response: { 200: powChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.issueChallenge();
    },
  );

  typed.get(
    '/api/admin/bot-protection',
    {
      config: { access: 'settingsSection' },
      preValidation: unlocked,
      schema: {
        summary: 'The chosen provider and difficulty; secret keys only as set or not set (settings password)',
        tags,
        response: { 200: botProtectionAdminSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.adminView();
    },
  );

  typed.put(
    '/api/admin/bot-protection',
    {
      config: { access: 'settingsSection' },
      preValidation: unlocked,
      schema: {
        summary: 'Choose the provider, difficulty and keys (secrets stored encrypted; settings password)',
        tags,
        body: updateBotProtectionBodySchema,
        response: { 200: botProtectionAdminSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      message: BOT_PROTECTION_MESSAGES.saved,
      ...(await service.update(await auditContextOf(request), request.body)),
    }),
  );

  typed.post(
    '/api/admin/bot-protection/fall-back',
    {
      config: { access: 'settingsSection' },
      preValidation: unlocked,
      schema: {
        summary: 'Switch back to proof of work (a provider cannot be reached; settings password)',
        tags,
        response: { 200: botProtectionAdminSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      message: BOT_PROTECTION_MESSAGES.fellBack,
      ...(await service.fallBackToProofOfWork(await auditContextOf(request))),
    }),
  );
}
