import { randomBytes } from 'node:crypto';
import {
  BADGE_MESSAGES,
  type BadgeActionResponse,
  type BadgeHolder,
  type BadgeKind,
  type BadgeList,
} from '../../../contracts/badges';
import { BADGE_CODE_LENGTH, BADGE_TOKEN_BYTES, badgeCodeFrom, badgeTokenFrom } from '../../../domain/badges';
import type { AuditContext } from '../../audit/audit';
import * as repo from '../../core/badges/badges.repo';
import type { Db } from '../../db/client';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { findActiveTournament } from './checkin.repo';

/** A fresh token and code from the system's secure random source (the domain only encodes them). */
export function newBadgeSecrets(random: (size: number) => Uint8Array = randomBytes): {
  token: string;
  code: string;
} {
  return {
    token: badgeTokenFrom(random(BADGE_TOKEN_BYTES)),
    code: badgeCodeFrom(random(BADGE_CODE_LENGTH)),
  };
}

interface HolderRow {
  kind: BadgeKind;
  id: string;
  name: string;
  team: string | null;
  schoolName: string | null;
}

async function holdersOf(
  db: Db,
  tournamentId: string,
): Promise<{ players: HolderRow[]; schools: HolderRow[] }> {
  const rows = await repo.listHolders(db, tournamentId);
  const byName = (a: HolderRow, b: HolderRow) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  const schools = new Map<string, HolderRow>();
  for (const row of rows) {
    if (row.schoolId && row.schoolName !== null) {
      schools.set(row.schoolId, {
        kind: 'school',
        id: row.schoolId,
        name: row.schoolName,
        team: null,
        schoolName: null,
      });
    }
  }
  return {
    players: rows
      .map((row) => ({
        kind: 'player' as const,
        id: row.id,
        name: row.name,
        team: row.team,
        schoolName: row.schoolName,
      }))
      .sort(byName),
    schools: [...schools.values()].sort(byName),
  };
}

function withBadges(holders: HolderRow[], badges: repo.BadgeRow[]): BadgeHolder[] {
  const ownerOf = (badge: repo.BadgeRow) => (badge.kind === 'player' ? badge.playerId : badge.schoolId);
  return holders.map((holder) => {
    const own = badges.filter((badge) => badge.kind === holder.kind && ownerOf(badge) === holder.id);
    const live = own.find((badge) => badge.revokedAt === null);
    return {
      ...holder,
      badge: live ? { token: live.token, code: live.code, issuedAt: live.issuedAt.toISOString() } : null,
      revokedCount: own.filter((badge) => badge.revokedAt !== null).length,
    };
  });
}

async function requireTournament(db: Db) {
  const tournament = await findActiveTournament(db);
  if (!tournament) throw new HttpError(404, BADGE_MESSAGES.noActiveTournament);
  return tournament;
}

/** The active players and their schools with their live badges (the admin page and the badge print view). */
export async function listBadgeHolders(db: Db): Promise<BadgeList> {
  const tournament = await findActiveTournament(db);
  if (!tournament) return { tournament: null, players: [], schools: [] };
  const [holders, badges] = await Promise.all([
    holdersOf(db, tournament.id),
    repo.listBadges(db, tournament.id),
  ]);
  return {
    tournament,
    players: withBadges(holders.players, badges),
    schools: withBadges(holders.schools, badges),
  };
}

/** Issues a badge to every active player and school of the active tournament that has no live one. */
export async function issueMissing({ db, audit }: AuditedDb, context: AuditContext, now: Date) {
  const { players, schools } = await listBadgeHolders(db);
  const missing = [...players, ...schools].filter((holder) => holder.badge === null);
  await db.transaction(async (tx) => {
    await repo.insertBadges(
      tx,
      missing.map((holder) => ({ kind: holder.kind, ownerId: holder.id, ...newBadgeSecrets() })),
      now,
    );
    const message = BADGE_MESSAGES.issued(missing.length);
    if (missing.length > 0)
      await audit.logChange(tx, context, 'issue_badges', message, { count: missing.length });
  });
  return { issued: missing.length, message: BADGE_MESSAGES.issued(missing.length) };
}

async function requireHolder(db: Db, kind: BadgeKind, id: string): Promise<BadgeHolder> {
  const tournament = await requireTournament(db);
  const holders = await holdersOf(db, tournament.id);
  const holder = (kind === 'player' ? holders.players : holders.schools).find((row) => row.id === id);
  if (!holder) throw new HttpError(404, BADGE_MESSAGES.notFound);
  return withBadges([holder], await repo.listBadges(db, tournament.id))[0]!;
}

/**
 * Revokes a player's or school's live badge and, for a reissue, issues a new one in the same transaction:
 * the old token and code stop working at once (a scan of them says "revoked").
 */
export async function replaceBadge(
  { db, audit }: AuditedDb,
  context: AuditContext,
  target: { kind: BadgeKind; id: string; isReissue: boolean },
  now: Date,
): Promise<BadgeActionResponse> {
  const holder = await requireHolder(db, target.kind, target.id);
  const message = target.isReissue
    ? BADGE_MESSAGES.reissued(holder.name)
    : BADGE_MESSAGES.revoked(holder.name);
  await db.transaction(async (tx) => {
    await repo.revokeLive(tx, target.kind, [target.id], now);
    if (target.isReissue) {
      await repo.insertBadges(tx, [{ kind: target.kind, ownerId: target.id, ...newBadgeSecrets() }], now);
    }
    await audit.logChange(tx, context, target.isReissue ? 'reissue_badge' : 'revoke_badge', message, {
      kind: target.kind,
      id: target.id,
    });
  });
  return { holder: await requireHolder(db, target.kind, target.id), message };
}
