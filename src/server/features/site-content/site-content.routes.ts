import type { FastifyError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  IMPORTANT_INFORMATION_MESSAGES,
  importantInformationSchema,
  MAX_SITE_IMAGE_BYTES,
  SITE_IMAGE_MESSAGES,
  SITE_IMAGE_TYPES,
  saveImportantInformationBodySchema,
  siteImageUploadResponseSchema,
} from '../../../contracts/rich-text';
import { requireSettingsUnlock } from '../../core/settings-unlock';
import { readImportantInformation } from '../../core/site-content/important-information';
import { type FeatureContext, routesFeature, type TypedApp } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import * as service from './site-content.service';

const tags = ['site content'];
const errors = apiErrors(400, 401, 403, 404);
/** Uploaded images never change (a new upload gets a new id), so browsers and proxies may keep them a year. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Rich text the organisers write (ADR 021): the important-information page (behind the settings password)
 * and the images placed in it and in announcements. Announcements themselves stay with tournament
 * management, which stores them through this feature's sanitiser.
 */
export const siteContentFeature = routesFeature('site-content', registerSiteContentRoutes);

async function registerSiteContentRoutes(typed: TypedApp, { db, audit, clock }: FeatureContext) {
  // Before the body is read: a locked session learns nothing, not even whether its input was valid.
  const unlocked = requireSettingsUnlock(db, clock.now);

  typed.get(
    '/api/public/important-information',
    {
      config: { access: 'public' },
      schema: {
        summary: "The important-information page's HTML, or null for its built-in text",
        tags,
        response: { 200: importantInformationSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readImportantInformation(db);
    },
  );

  typed.get(
    '/api/admin/important-information',
    {
      config: { access: 'settingsSection' },
      preValidation: unlocked,
      schema: {
        summary: 'The stored important information, for the editor (settings password)',
        tags,
        response: { 200: importantInformationSchema, ...errors },
      },
    },
    async () => readImportantInformation(db),
  );

  typed.put(
    '/api/admin/important-information',
    {
      config: { access: 'settingsSection' },
      preValidation: unlocked,
      schema: {
        summary: 'Store the important information (sanitised; settings password)',
        tags,
        body: saveImportantInformationBodySchema,
        response: { 200: importantInformationSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      message: IMPORTANT_INFORMATION_MESSAGES.saved,
      ...(await service.saveImportantInformation(
        db,
        audit,
        await auditContextOf(request),
        request.body.html,
      )),
    }),
  );

  typed.delete(
    '/api/admin/important-information',
    {
      config: { access: 'settingsSection' },
      preValidation: unlocked,
      schema: {
        summary: 'Show the built-in text again (the stored record is deleted; settings password)',
        tags,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.resetImportantInformation(db, audit, await auditContextOf(request));
      return { message: IMPORTANT_INFORMATION_MESSAGES.reset };
    },
  );

  typed.get(
    '/api/public/site-images/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: 'An uploaded image, as re-encoded (its type fixed, cached for a year)',
        tags,
        params: z.object({ id: z.uuid(SITE_IMAGE_MESSAGES.notFound) }),
      },
    },
    async (request, reply) => {
      const image = await service.requireImage(db, request.params.id);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.bytes);
    },
  );

  // The upload's body is the image itself (its bytes, Content-Type image/…), read in this scope only.
  await typed.register(async (scope) => {
    scope.addContentTypeParser(
      [...SITE_IMAGE_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_SITE_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Over the limit, Fastify refuses the body before the route runs: the refusal says so in our words.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') error.message = SITE_IMAGE_MESSAGES.tooLarge;
      throw error;
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/site-images',
      {
        config: { access: 'uploadSiteImages' },
        bodyLimit: MAX_SITE_IMAGE_BYTES,
        schema: {
          summary: 'Upload an image for rich text: PNG, JPEG, WebP or GIF up to 2 MB, re-encoded',
          tags,
          response: { 201: siteImageUploadResponseSchema, ...apiErrors(400, 401, 403, 413) },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw new HttpError(400, SITE_IMAGE_MESSAGES.wrongType);
        const who = await auditContextOf(request);
        const uploaded = await service.uploadImage(
          db,
          audit,
          { ...who, actorId: who.actorId ?? '' },
          request.body,
        );
        return reply.code(201).send(uploaded);
      },
    );
  });
}
