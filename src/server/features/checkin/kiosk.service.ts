import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { KIOSK_MESSAGES, type KioskAction, type KioskScanResponse } from '../../../contracts/kiosk';
import type { AuditContext } from '../../audit/audit';
import * as badges from '../../core/badges/badges.repo';
import type { PublicDataCache } from '../../core/tournament/public-data-cache';
import type { Db } from '../../db/client';
import { account } from '../../db/schema/auth';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';
import * as repo from './checkin.repo';
import { checkInFound, schoolList, signOutFound } from './checkin.service';

/** How old the public data the kiosk reads a pupil's board from may be (a check-in does not change boards). */
const PAIRING_MAX_AGE_MS = 5_000;

/** The one answer for a token or code that names nothing (malformed, unknown, or of another tournament). */
const unknownBadge = () => new HttpError(404, KIOSK_MESSAGES.unknownBadge, 'unknown-badge');

/**
 * A badge scanned at the kiosk (ADR 031). A player's badge checks them in (only while check-in is open) or
 * signs them out, and answers with their board in the round players walk to now; a school's badge answers
 * with the school's pupils for whole-school check-in. Unknown and revoked badges are refused, the first
 * without saying anything more.
 */
export async function scan(
  deps: { db: Db; cache: PublicDataCache },
  body: { token?: string; code?: string; action: KioskAction; source: 'kiosk' | 'offline' },
  now: Date,
): Promise<KioskScanResponse> {
  const { db } = deps;
  const badge = await badges.findBadge(db, body);
  if (!badge) throw unknownBadge();
  const tournament = await repo.findActiveTournament(db);
  if (!tournament) throw unknownBadge();
  if (badge.revokedAt) throw new HttpError(409, KIOSK_MESSAGES.revokedBadge, 'revoked-badge');
  if (badge.kind === 'school') {
    const list = await schoolList(db, badge.schoolId!).catch(() => {
      throw unknownBadge();
    });
    return { kind: 'school', ...list, message: KIOSK_MESSAGES.schoolFound(list.school.name) };
  }
  const player = await repo.findPlayer(db, tournament.id, badge.playerId!);
  if (!player) throw unknownBadge();
  if (body.action === 'sign-out') {
    const result = await signOutFound(db, tournament.id, player, now);
    if (result.outcome === 'not-checked-in') {
      throw new HttpError(409, KIOSK_MESSAGES.notCheckedIn(player.name), 'not-checked-in');
    }
    const isNew = result.outcome === 'signed-out';
    return {
      kind: 'player',
      outcome: result.outcome,
      player: result.player,
      pairing: null,
      message: isNew ? KIOSK_MESSAGES.goodbye(player.name) : KIOSK_MESSAGES.alreadySignedOut(player.name),
    };
  }
  const result = await checkInFound(db, tournament.id, player, now, body.source, {
    closed: KIOSK_MESSAGES.closed,
    withdrawn: KIOSK_MESSAGES.withdrawn,
  });
  const pairing = (await deps.cache.recent(PAIRING_MAX_AGE_MS)).views.currentRoundOf(player.id);
  return {
    kind: 'player',
    outcome: result.isNew ? 'checked-in' : 'already-checked-in',
    player: result.player,
    pairing,
    message: result.isNew
      ? KIOSK_MESSAGES.welcome(player.name)
      : KIOSK_MESSAGES.alreadyCheckedIn(player.name),
  };
}

/**
 * Ends kiosk mode: the signed-in staff member's password, checked here. A wrong one is logged as a security
 * attempt; the route limits how often it may be tried.
 */
export async function unlock(
  { db, audit }: AuditedDb,
  who: AuditContext & { actorId: string },
  password: string,
): Promise<{ message: string }> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, who.actorId), eq(account.providerId, 'credential')));
  const isRight = credential?.hash ? await verifyPassword({ hash: credential.hash, password }) : false;
  if (!isRight) {
    await audit.securityAttempt(db, who, 'kiosk_unlock_refused');
    throw new HttpError(403, KIOSK_MESSAGES.wrongPassword);
  }
  return { message: KIOSK_MESSAGES.exited };
}
