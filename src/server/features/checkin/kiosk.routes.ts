import { createHash } from 'node:crypto';
import {
  KIOSK_MESSAGES,
  kioskScanBodySchema,
  kioskScanResponseSchema,
  kioskUnlockBodySchema,
  kioskUnlockResponseSchema,
} from '../../../contracts/kiosk';
import { checkinTime } from '../../../domain/checkin';
import { routesFeature } from '../../feature-context';
import { clientActionOf, doClientActionOnce } from '../../http/client-actions';
import { HttpError } from '../../http/errors';
import { RateCounter, type RateLimit } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';
import * as service from './kiosk.service';

const tags = ['check-in'];

/**
 * Scans per staff account and minute: a kiosk scanning a pupil every two seconds uses 30, so ten kiosks
 * signed in with one account fit; guessing a 40-bit code at this rate would take millennia.
 */
export const KIOSK_SCAN_LIMIT: RateLimit = { limit: 300, windowMs: 60_000 };
/** A badge as a kept scan's target (ADR 032): a digest, so the stored action never holds the badge's token. */
const badgeDigest = (scan: { token?: string | undefined; code?: string | undefined }) =>
  createHash('sha256')
    .update(scan.token ?? `code:${scan.code}`)
    .digest('base64url')
    .slice(0, 22);

/**
 * Wrong kiosk-exit passwords per device (ADR 031): the device is the staff sign-in the kiosk runs on (its
 * session), so a pupil typing at one kiosk locks that kiosk's exit only, never the staff member's exit on
 * another tablet or their own phone.
 */
export const KIOSK_UNLOCK_DEVICE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60_000 };
/**
 * …and per staff account across all its devices, a ceiling against guessing the password on many kiosks at
 * once: six devices at their own limit within the same ten minutes. No single device can reach it.
 */
export const KIOSK_UNLOCK_ACCOUNT_LIMIT: RateLimit = { limit: 30, windowMs: 10 * 60_000 };
const UNLOCK_SCOPES = { device: 'kiosk-unlock.device', account: 'kiosk-unlock.account' } as const;

/**
 * /api/kiosk (ADR 031): the door kiosk at /mss-nfc-access. It runs on a staff sign-in with the check-in desk
 * permission (kiosk mode is started by that staff member and left only with their password), so a scan is a
 * desk action; each is counted per account and refused with 429 beyond the limit.
 */
export const kioskFeature = routesFeature('kiosk', (typed, { db, clock, audit, cache, tuning }) => {
  const counter = new RateCounter(db, () => clock.millis());
  const scanLimit = tuning.kioskScanLimit ?? KIOSK_SCAN_LIMIT;
  type Reply = { header: (name: string, value: string) => unknown };
  const refuse = (reply: Reply, retryAfterSeconds: number, message: string): never => {
    reply.header('retry-after', String(retryAfterSeconds));
    throw new HttpError(429, message);
  };
  const reserveScan = async (userId: string, reply: Reply) => {
    const reservation = await counter.reserve('kiosk-scan', userId, scanLimit);
    if (!reservation.ok) refuse(reply, reservation.retryAfterSeconds, KIOSK_MESSAGES.tooManyScans);
  };
  /**
   * One exit attempt, taken from the device's counter and then the account's (each atomic, before the password
   * is checked, ADR 015); refused by either, nothing stays taken. Answers how to give the attempt back.
   */
  const reserveUnlock = async (actor: { userId: string; sessionId: string }, reply: Reply) => {
    const device = `${actor.userId}/${actor.sessionId}`;
    const onDevice = await counter.reserve(UNLOCK_SCOPES.device, device, KIOSK_UNLOCK_DEVICE_LIMIT);
    if (!onDevice.ok) return refuse(reply, onDevice.retryAfterSeconds, KIOSK_MESSAGES.tooManyUnlocks);
    const onAccount = await counter.reserve(UNLOCK_SCOPES.account, actor.userId, KIOSK_UNLOCK_ACCOUNT_LIMIT);
    if (!onAccount.ok) {
      await counter.release(UNLOCK_SCOPES.device, device);
      return refuse(reply, onAccount.retryAfterSeconds, KIOSK_MESSAGES.tooManyUnlocksOnAccount);
    }
    return async () => {
      await counter.release(UNLOCK_SCOPES.device, device);
      await counter.release(UNLOCK_SCOPES.account, actor.userId);
    };
  };

  typed.post(
    '/api/kiosk/scan',
    {
      config: { access: 'checkinDesk' },
      schema: {
        summary:
          "A badge scanned or typed at the kiosk: checks the pupil in (or signs them out) and answers with their board, or lists a school's pupils",
        tags,
        body: kioskScanBodySchema,
        response: { 200: kioskScanResponseSchema, ...apiErrors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const actor = (await request.actor())!;
      await reserveScan(actor.userId, reply);
      const { body } = request;
      // A scan kept offline is done once per client id (ADR 032) and dated when it was made.
      const action = clientActionOf(actor.userId, body, `kiosk.${body.action}`, badgeDigest(body));
      const at = clock.now();
      return doClientActionOnce(db, action, at, (tx, madeAt) =>
        service.scan({ db: tx, cache }, body, checkinTime(madeAt, at)),
      );
    },
  );

  typed.post(
    '/api/kiosk/unlock',
    {
      config: { access: 'checkinDesk' },
      schema: {
        summary: "Leave kiosk mode with the signed-in staff member's password",
        tags,
        body: kioskUnlockBodySchema,
        response: { 200: kioskUnlockResponseSchema, ...apiErrors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const actor = (await request.actor())!;
      const giveBack = await reserveUnlock(actor, reply);
      const result = await service.unlock(
        { db, audit },
        { actorId: actor.userId, ip: request.ip },
        request.body.password,
      );
      // The right password: the attempt does not count (only wrong ones do).
      await giveBack();
      return result;
    },
  );
});
