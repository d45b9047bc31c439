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

/** Wrong kiosk-exit passwords per staff account. */
const KIOSK_UNLOCK_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60_000 };

/**
 * /api/kiosk (ADR 031): the door kiosk at /mss-nfc-access. It runs on a staff sign-in with the check-in desk
 * permission (kiosk mode is started by that staff member and left only with their password), so a scan is a
 * desk action; each is counted per account and refused with 429 beyond the limit.
 */
export const kioskFeature = routesFeature('kiosk', (typed, { db, clock, audit, cache, tuning }) => {
  const counter = new RateCounter(db, () => clock.millis());
  const scanLimit = tuning.kioskScanLimit ?? KIOSK_SCAN_LIMIT;
  const reserve = async (
    scope: 'kiosk-scan' | 'kiosk-unlock',
    userId: string,
    reply: { header: (name: string, value: string) => unknown },
  ) => {
    const reservation = await counter.reserve(
      scope,
      userId,
      scope === 'kiosk-scan' ? scanLimit : KIOSK_UNLOCK_LIMIT,
    );
    if (reservation.ok) return;
    reply.header('retry-after', String(reservation.retryAfterSeconds));
    throw new HttpError(
      429,
      scope === 'kiosk-scan' ? KIOSK_MESSAGES.tooManyScans : KIOSK_MESSAGES.tooManyUnlocks,
    );
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
      await reserve('kiosk-scan', actor.userId, reply);
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
      await reserve('kiosk-unlock', actor.userId, reply);
      const result = await service.unlock(
        { db, audit },
        { actorId: actor.userId, ip: request.ip },
        request.body.password,
      );
      await counter.release('kiosk-unlock', actor.userId);
      return result;
    },
  );
});
