import { z } from 'zod';
import {
  deleteAccountBodySchema,
  meResponseSchema,
  preferencesSchema,
  profileSchema,
  tutorialProgressSchema,
  updatePreferencesBodySchema,
  updateProfileBodySchema,
  updateTutorialBodySchema,
} from '../../../contracts/account';
import { messageResponseSchema } from '../../../contracts/common';
import { SignInLimits } from '../../auth/sign-in-limit';
import { type FeatureContext, routesFeature, type TypedApp } from '../../feature-context';
import { apiErrors } from '../../http/route-helpers';
import * as service from './account.service';

const errors = apiErrors(400, 401, 403, 409, 429);
const tags = ['account'];

/** /api/me and /api/account/*: the signed-in user's own account pages (docs/requirements.md §4). */
export const accountFeature = routesFeature('account', registerAccountRoutes);

function registerAccountRoutes(typed: TypedApp, context: FeatureContext): void {
  const { db } = context;
  // Deleting the account checks its password: the same per-account attempts as signing in (ADR 015).
  const signInLimits = SignInLimits.of(context);
  const signedIn = { access: 'signed-in' } as const;

  typed.get(
    '/api/account/profile',
    {
      config: signedIn,
      schema: { summary: 'My profile', tags, response: { 200: profileSchema, ...errors } },
    },
    async (request) => service.readProfile(db, (await request.actor())!),
  );
  typed.put(
    '/api/account/profile',
    {
      config: signedIn,
      schema: {
        summary: 'Change my full name and username',
        tags,
        body: updateProfileBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => service.updateProfile(db, (await request.actor())!, request.body),
  );
  typed.get(
    '/api/account/preferences',
    {
      config: signedIn,
      schema: {
        summary: 'My two-factor and notification preferences',
        tags,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => service.readPreferences(db, (await request.actor())!.userId),
  );
  typed.put(
    '/api/account/preferences',
    {
      config: signedIn,
      schema: {
        summary: 'Change my preferences',
        tags,
        body: updatePreferencesBodySchema,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => service.updatePreferences(context, (await request.actor())!, request.ip, request.body),
  );
  typed.get(
    '/api/account/tutorial',
    {
      config: signedIn,
      schema: {
        summary: 'My admin tutorial progress: not started, completed or skipped',
        tags,
        response: { 200: tutorialProgressSchema, ...errors },
      },
    },
    async (request) => service.readTutorial(db, (await request.actor())!.userId),
  );
  typed.put(
    '/api/account/tutorial',
    {
      config: signedIn,
      schema: {
        summary: 'Record that I completed or skipped the admin tutorial',
        tags,
        body: updateTutorialBodySchema,
        response: { 200: tutorialProgressSchema, ...errors },
      },
    },
    async (request) => service.saveTutorial(context, (await request.actor())!.userId, request.body.status),
  );
  typed.get(
    '/api/account/export',
    {
      config: signedIn,
      schema: {
        summary: 'Download everything the site holds about me (JSON)',
        tags,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.exportMyData(context, (await request.actor())!);
      return reply
        .header('content-disposition', 'attachment; filename="my-chess-tournament-data.json"')
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
  typed.delete(
    '/api/account',
    {
      config: signedIn,
      schema: {
        summary: 'Delete my account (needs my password; wrong ones count toward the sign-in lock)',
        tags,
        body: deleteAccountBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteMyAccount(context, (await request.actor())!, request.ip, request.body.password, {
        limits: signInLimits,
        onRefused: (seconds) => reply.header('retry-after', String(seconds)),
      });
      return { message: 'Your account has been deleted' };
    },
  );

  typed.get(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The signed-in user: role, custom role and permissions',
        tags: ['account'],
        response: { 200: meResponseSchema, ...apiErrors(401, 403) },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      return {
        user: { id: actor.userId, email: actor.email, name: actor.name },
        role: actor.access.role,
        customRoleName: actor.access.customRoleName,
        permissions: [...actor.access.permissions].sort(),
      };
    },
  );
}
