import {
  resetSettingsBodySchema,
  SETTINGS_MESSAGES,
  settingChangeResponseSchema,
  settingParamsSchema,
  siteSettingsResponseSchema,
  updateSettingBodySchema,
} from '../../../contracts/settings-registry';
import * as service from '../../core/settings/settings.service';
import { requireSettingsUnlock } from '../../core/settings-unlock';
import { type FeatureContext, routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';

const errors = apiErrors(400, 401, 403, 404);
const tags = ['site settings'];

/**
 * /api/admin/settings: the site settings of /admin/settings (home page, leaderboard visibility), behind the
 * `changeSiteSettings` access rule and the settings password (ADR 007). Each setting is described once in
 * `contracts/settings-registry.ts` (ADR 020).
 */
export const settingsFeature = routesFeature('settings', registerSettingsRoutes);

function registerSettingsRoutes(typed: TypedApp, context: FeatureContext): void {
  const { db, clock } = context;
  // Before the body is validated: a locked session learns nothing about what a value must look like.
  const unlocked = requireSettingsUnlock(db, () => clock.now());
  const config = { access: 'changeSiteSettings' } as const;

  typed.get(
    '/api/admin/settings',
    {
      config,
      preValidation: unlocked,
      schema: {
        summary: 'The site settings as the site reads them, and which ones are stored',
        tags,
        response: { 200: siteSettingsResponseSchema, ...errors },
      },
    },
    async () => service.readSiteSettings(db),
  );

  typed.put(
    '/api/admin/settings/:key',
    {
      config,
      preValidation: unlocked,
      schema: {
        summary: "Change one setting; the value must pass the setting's schema (400 changes nothing)",
        tags,
        params: settingParamsSchema,
        body: updateSettingBodySchema,
        response: { 200: settingChangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.updateSetting(
        context,
        await auditContextOf(request),
        request.params.key,
        request.body.value,
      );
      return { message: SETTINGS_MESSAGES.saved, settings: await service.readSiteSettings(db) };
    },
  );

  typed.post(
    '/api/admin/settings/reset',
    {
      config,
      preValidation: unlocked,
      schema: {
        summary: 'Reset to defaults: delete the stored records so every page falls back to the defaults',
        tags,
        body: resetSettingsBodySchema,
        response: { 200: settingChangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.resetSettings(context, await auditContextOf(request), request.body.keys);
      return { message: SETTINGS_MESSAGES.reset, settings: await service.readSiteSettings(db) };
    },
  );
}
