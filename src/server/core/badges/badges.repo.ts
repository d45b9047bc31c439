import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BadgeKind } from '../../../contracts/badges';
import { isBadgeToken, normalizeBadgeCode, readBadgeScan } from '../../../domain/badges';
import type { Db } from '../../db/client';
import { badgeTokens } from '../../db/schema/badges';
import { schools } from '../../db/schema/schools';
import { players } from '../../db/schema/tournaments';

export type BadgeRow = typeof badgeTokens.$inferSelect;

/** Who a badge names, by kind: the column its owner's id is in. */
const ownerColumn = (kind: BadgeKind) => (kind === 'player' ? badgeTokens.playerId : badgeTokens.schoolId);

/** Every badge (live and revoked) of the active tournament's players and of their schools. */
export async function listBadges(db: Db, tournamentId: string): Promise<BadgeRow[]> {
  const playerIds = db.select({ id: players.id }).from(players).where(eq(players.tournamentId, tournamentId));
  const schoolIds = db
    .selectDistinct({ id: players.schoolId })
    .from(players)
    .where(eq(players.tournamentId, tournamentId));
  return db
    .select()
    .from(badgeTokens)
    .where(sql`${badgeTokens.playerId} in ${playerIds} or ${badgeTokens.schoolId} in ${schoolIds}`);
}

/** The active players and their schools: who may hold a badge. */
export async function listHolders(db: Db, tournamentId: string) {
  return db
    .select({
      id: players.id,
      name: players.name,
      team: players.groupName,
      schoolId: players.schoolId,
      schoolName: schools.name,
    })
    .from(players)
    .leftJoin(schools, eq(schools.id, players.schoolId))
    .where(and(eq(players.tournamentId, tournamentId), eq(players.active, true)));
}

export async function findByToken(db: Db, token: string): Promise<BadgeRow | null> {
  const [row] = await db.select().from(badgeTokens).where(eq(badgeTokens.token, token)).limit(1);
  return row ?? null;
}

export async function findByCode(db: Db, code: string): Promise<BadgeRow | null> {
  const [row] = await db.select().from(badgeTokens).where(eq(badgeTokens.code, code)).limit(1);
  return row ?? null;
}

/** The badge a scan names (a token, or a typed code read leniently), live or revoked; null for anything else. */
export async function findBadge(db: Db, scan: { token?: string; code?: string }): Promise<BadgeRow | null> {
  if (scan.token !== undefined) {
    const token = scan.token.trim().toLowerCase();
    return isBadgeToken(token) ? findByToken(db, token) : null;
  }
  const code = normalizeBadgeCode(scan.code ?? '');
  return code ? findByCode(db, code) : null;
}

/** The badge whatever a phone read names: the QR code's URL, a bare token, or a typed code (ADR 031). */
export async function findBadgeByScan(db: Db, text: string): Promise<BadgeRow | null> {
  const scan = readBadgeScan(text);
  return scan ? findBadge(db, scan) : null;
}

export async function insertBadges(
  db: Db,
  rows: { kind: BadgeKind; ownerId: string; token: string; code: string }[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(badgeTokens).values(
    rows.map(({ kind, ownerId, token, code }) => ({
      kind,
      token,
      code,
      issuedAt: at,
      playerId: kind === 'player' ? ownerId : null,
      schoolId: kind === 'school' ? ownerId : null,
    })),
  );
}

/** Revokes the live badges of these owners; returns how many were live. */
export async function revokeLive(
  db: Db,
  kind: BadgeKind,
  ownerIds: readonly string[],
  at: Date,
): Promise<number> {
  if (ownerIds.length === 0) return 0;
  const rows = await db
    .update(badgeTokens)
    .set({ revokedAt: at })
    .where(and(inArray(ownerColumn(kind), [...ownerIds]), isNull(badgeTokens.revokedAt)))
    .returning({ id: badgeTokens.id });
  return rows.length;
}
