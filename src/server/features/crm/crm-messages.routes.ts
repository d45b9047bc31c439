import {
  CRM_MESSAGE_TEXTS,
  CRM_REMINDER_SETTING_KEY,
  crmDeliverySchema,
  crmMessageDraftSchema,
  crmMessageParamsSchema,
  crmMessagePreviewSchema,
  crmMessageSentSchema,
  crmReminderSettingsSchema,
  crmUnsubscribeParamsSchema,
  crmUnsubscribeStateSchema,
} from '../../../contracts/crm-messages';
import { saveRegisteredSetting } from '../../core/settings/settings.service';
import type { FeatureContext, TypedApp } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import { previewMessage, readDelivery, sendMessage } from './crm-messages.service';
import {
  CrmUnsubscribeTokens,
  isUnsubscribed,
  maskAddress,
  readReminderDays,
  unsubscribe,
} from './crm-reminders';

const tags = ['crm'];
const BASE = '/api/crm';

/**
 * Messages to schools and reminder e-mails (ADR 027 "Messages and reminders"), registered by the CRM feature:
 * preview and send a message with merge fields (`crm`), its delivery count, the reminder timing and the public
 * unsubscribe link. The daily reminders every process checks for are the `crm-reminders` job (`crm.jobs.ts`).
 */
export function registerCrmMessages(typed: TypedApp, context: FeatureContext): void {
  const { db, clock } = context;
  const tokens = new CrmUnsubscribeTokens(context.auth.options.secret);
  const actorOf = async (request: { actor(): Promise<{ userId: string } | null> }) =>
    (await request.actor())!.userId;

  typed.post(
    `${BASE}/messages/preview`,
    {
      config: { access: 'crm' },
      schema: {
        summary:
          'Preview a message to schools: the first recipient’s copy with its merge fields filled in, the count, and the schools skipped (no teacher e-mail)',
        tags,
        body: crmMessageDraftSchema,
        response: { 200: crmMessagePreviewSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => previewMessage(context, request.body),
  );

  typed.post(
    `${BASE}/messages`,
    {
      config: { access: 'crm' },
      schema: {
        summary:
          'Send a message to schools: one mail per school through the mail queue, a copy in each school’s history',
        tags,
        body: crmMessageDraftSchema,
        response: { 201: crmMessageSentSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendMessage(context, await actorOf(request), request.body)),
  );

  typed.get(
    `${BASE}/messages/:id/delivery`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'A message’s delivery: its mails queued, sent and failed',
        tags,
        params: crmMessageParamsSchema,
        response: { 200: crmDeliverySchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readDelivery(db, request.params.id);
    },
  );

  typed.get(
    `${BASE}/reminders`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'The reminder timing: days before a due date the school’s teacher is reminded (0: off)',
        tags,
        response: { 200: crmReminderSettingsSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { days: await readReminderDays(db) };
    },
  );

  typed.put(
    `${BASE}/reminders`,
    {
      config: { access: 'crm' },
      schema: {
        summary: 'Change the reminder timing (audited)',
        tags,
        body: crmReminderSettingsSchema,
        response: { 200: crmReminderSettingsSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request) => {
      await saveRegisteredSetting(
        context,
        await auditContextOf(request),
        CRM_REMINDER_SETTING_KEY,
        request.body.days,
        {
          action: 'update_setting',
          description: 'Changed Task reminder timing',
        },
      );
      return { days: request.body.days };
    },
  );

  const addressOf = (token: string) => {
    const email = tokens.open(token);
    if (email === null) throw new HttpError(400, CRM_MESSAGE_TEXTS.unsubscribeInvalid, 'invalid_token');
    return email;
  };

  typed.get(
    `${BASE}/unsubscribe/:token`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether a reminder’s unsubscribe link is good, for which address (partly hidden)',
        tags,
        params: crmUnsubscribeParamsSchema,
        response: { 200: crmUnsubscribeStateSchema, ...apiErrors(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const email = addressOf(request.params.token);
      return { address: maskAddress(email), isUnsubscribed: await isUnsubscribed(db, email) };
    },
  );

  typed.post(
    `${BASE}/unsubscribe/:token`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Stop task reminders to the link’s address (messages staff send still go)',
        tags,
        params: crmUnsubscribeParamsSchema,
        response: { 200: crmUnsubscribeStateSchema, ...apiErrors(400) },
      },
    },
    async (request) => {
      const email = addressOf(request.params.token);
      await unsubscribe(db, email, clock.now());
      return { address: maskAddress(email), isUnsubscribed: true };
    },
  );
}
