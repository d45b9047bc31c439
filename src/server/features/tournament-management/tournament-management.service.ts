import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminAnnouncement,
  type AdminTournament,
  type createTemplateBodySchema,
  type createTournamentBodySchema,
  DEFAULT_TOTAL_ROUNDS,
  TOURNAMENT_MESSAGES,
  type TournamentTemplate,
  type updateTournamentBodySchema,
} from '../../../contracts/tournament-management';
import { DEFAULT_TIEBREAK_ORDER } from '../../../domain/scoring/tiebreak-keys';
import { actorContext, type Tx } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { sanitizeForStorage } from '../../core/rich-text/rich-text.sanitizer';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';
import * as repo from './tournament-management.repo';

type CreateTournamentInput = z.output<typeof createTournamentBodySchema>;
type UpdateTournamentInput = z.output<typeof updateTournamentBodySchema>;
type CreateTemplateInput = z.output<typeof createTemplateBodySchema>;

/** Activations take turns: two at once could each clear the others and then both set their own flag. */
const ACTIVATION_LOCK = 0x746d_6163; // "tmac"

/** A transaction whose writes (and their system log row) land together or not at all. */
function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

async function requireTournament(db: Db, id: string) {
  const tournament = await repo.findTournament(db, id);
  if (!tournament) throw new HttpError(404, TOURNAMENT_MESSAGES.notFound);
  return tournament;
}

/**
 * Creates a tournament (inactive) with rounds 1..n upcoming. The round count is the one given, else the
 * template's default_rounds, else 5 (docs/requirements.md §5). Only a signed-in user may create one; the route's permission
 * check already asks for that, and this function refuses on its own for any other caller.
 */
export async function createTournament(
  { db, audit }: AuditedDb,
  actor: Actor | null,
  ip: string,
  input: CreateTournamentInput,
): Promise<{ message: string; tournament: AdminTournament }> {
  if (!actor) throw new HttpError(401, TOURNAMENT_MESSAGES.loginRequired);
  const template = input.templateId ? await repo.findTemplate(db, input.templateId) : null;
  if (input.templateId && !template) throw new HttpError(404, TOURNAMENT_MESSAGES.templateNotFound);
  const totalRounds = input.totalRounds ?? template?.defaultRounds ?? DEFAULT_TOTAL_ROUNDS;
  const row = await inTransaction(db, async (tx) => {
    const created = await repo.insertTournamentWithRounds(tx, {
      name: input.name,
      venue: input.venue,
      description: input.description,
      startDate: input.startDate,
      endDate: input.endDate,
      totalRounds,
      tiebreakOrder: [...(input.tiebreakOrder ?? DEFAULT_TIEBREAK_ORDER)],
      ...(input.publicNameDisplay ? { publicNameDisplay: input.publicNameDisplay } : {}),
      createdBy: actor.userId,
    });
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'create_tournament',
      `Created tournament "${created.name}" with ${totalRounds} rounds`,
      {
        tournamentId: created.id,
        totalRounds,
        templateId: template?.id ?? null,
        tiebreakOrder: created.tiebreakOrder,
      },
    );
    return created;
  });
  return {
    message: TOURNAMENT_MESSAGES.created(row.name, totalRounds),
    tournament: repo.toAdminTournament(
      row,
      0,
      (await repo.tiebreakOrderEditableOf(db, [row.id])).get(row.id) ?? false,
    ),
  };
}

export async function updateTournament(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  id: string,
  input: UpdateTournamentInput,
): Promise<string> {
  await inTransaction(db, async (tx) => {
    // Round 1's lock (the one its pairing takes) and then the tournament's row: the check and the write are
    // one step against generating round 1 and against concurrent edits of this tournament.
    await repo.lockFirstRound(tx, id);
    await tx.execute(sql`select id from tournaments where id = ${id} for update`);
    const before = await requireTournament(tx, id);
    const orderChanged =
      input.tiebreakOrder !== undefined &&
      JSON.stringify(input.tiebreakOrder) !== JSON.stringify(before.tiebreakOrder);
    // Issue #11: the tie-break order is editable until round 1 is paired (domain: tiebreakOrderEditable);
    // sending the stored order unchanged is not a change and is accepted.
    if (orderChanged && !(await repo.tiebreakOrderEditableOf(tx, [id])).get(id)) {
      throw new HttpError(409, TOURNAMENT_MESSAGES.tiebreakOrderLocked);
    }
    const { tiebreakOrder, publicNameDisplay, ...details } = input;
    await repo.updateTournament(tx, id, {
      ...details,
      ...(orderChanged ? { tiebreakOrder } : {}),
      ...(publicNameDisplay ? { publicNameDisplay } : {}),
    });
    const changed = [
      ...(['name', 'venue', 'description', 'startDate', 'endDate'] as const).filter(
        (field) => before[field] !== input[field],
      ),
      ...(publicNameDisplay && publicNameDisplay !== before.publicNameDisplay ? ['publicNameDisplay'] : []),
      ...(orderChanged ? ['tiebreakOrder'] : []),
    ];
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'update_tournament',
      `Updated tournament "${input.name}"${changed.length ? ` (${changed.join(', ')})` : ''}`,
      {
        tournamentId: id,
        changed,
        ...(orderChanged ? { tiebreakOrder: { from: before.tiebreakOrder, to: input.tiebreakOrder } } : {}),
      },
    );
  });
  return TOURNAMENT_MESSAGES.updated;
}

/**
 * Makes one tournament the active one (docs/requirements.md §4): all others are deactivated in the same transaction.
 * Activating an archived tournament brings it back from the archive.
 */
export async function activateTournament(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  id: string,
): Promise<string> {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACTIVATION_LOCK})`);
    const tournament = await requireTournament(tx, id);
    await repo.makeOnlyActive(tx, id);
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'activate_tournament',
      `Activated tournament "${tournament.name}"${tournament.archivedAt ? ' (restored from the archive)' : ''}`,
      { tournamentId: id },
    );
  });
  return TOURNAMENT_MESSAGES.activated;
}

/** Archiving sets archived_at and clears the active flag: the public pages then show no tournament. */
export async function archiveTournament(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  id: string,
): Promise<string> {
  const tournament = await requireTournament(db, id);
  if (tournament.archivedAt) throw new HttpError(409, TOURNAMENT_MESSAGES.alreadyArchived);
  await inTransaction(db, async (tx) => {
    await repo.archiveTournament(tx, id);
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'archive_tournament',
      `Archived tournament "${tournament.name}"${tournament.active ? ' (it was the active one)' : ''}`,
      { tournamentId: id, wasActive: tournament.active },
    );
  });
  return TOURNAMENT_MESSAGES.archived;
}

export async function loadTemplate(db: Db, id: string): Promise<TournamentTemplate> {
  const template = await repo.findTemplate(db, id);
  if (!template) throw new HttpError(404, TOURNAMENT_MESSAGES.templateNotFound);
  return repo.toTemplate(template);
}

export async function createTemplate(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  input: CreateTemplateInput,
): Promise<{ message: string; template: TournamentTemplate }> {
  const row = await inTransaction(db, async (tx) => {
    const created = await repo.insertTemplate(tx, { ...input, createdBy: actor.userId });
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'create_tournament_template',
      `Created tournament template "${created.name}" (${created.defaultRounds} rounds)`,
      { templateId: created.id },
    );
    return created;
  });
  return { message: TOURNAMENT_MESSAGES.templateCreated(row.name), template: repo.toTemplate(row) };
}

/** The tournament whose announcements are meant: the one named, else the active one. */
export async function announcementTournamentId(db: Db, tournamentId: string | undefined): Promise<string> {
  if (tournamentId) return (await requireTournament(db, tournamentId)).id;
  const active = (await findActiveTournament(db))?.id ?? null;
  if (!active) throw new HttpError(409, TOURNAMENT_MESSAGES.noActiveTournament);
  return active;
}

/** A tournament's announcements; with no tournament named and none active, an empty list. */
export async function listAnnouncements(
  db: Db,
  tournamentId: string | undefined,
): Promise<{ tournamentId: string | null; announcements: AdminAnnouncement[] }> {
  const id = tournamentId
    ? (await requireTournament(db, tournamentId)).id
    : ((await findActiveTournament(db))?.id ?? null);
  return { tournamentId: id, announcements: id ? await repo.listAnnouncements(db, id) : [] };
}

/** Short enough for a log line, whole words where possible. */
function excerpt(content: string): string {
  return content.length <= 60 ? content : `${content.slice(0, 57).trimEnd()}...`;
}

export async function createAnnouncement(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  input: { content: string; tournamentId?: string | undefined },
): Promise<AdminAnnouncement> {
  const content = sanitizeForStorage('announcement', input.content);
  const tournamentId = await announcementTournamentId(db, input.tournamentId);
  return inTransaction(db, async (tx) => {
    const created = await repo.insertAnnouncement(tx, {
      tournamentId,
      content,
      createdBy: actor.userId,
    });
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'create_announcement',
      `Published an announcement: "${excerpt(content)}"`,
      { announcementId: created.id, tournamentId },
    );
    return created;
  });
}

async function requireAnnouncement(db: Db, id: string) {
  const announcement = await repo.findAnnouncement(db, id);
  if (!announcement) throw new HttpError(404, TOURNAMENT_MESSAGES.announcementNotFound);
  return announcement;
}

export async function updateAnnouncement(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  id: string,
  html: string,
): Promise<AdminAnnouncement> {
  const content = sanitizeForStorage('announcement', html);
  const before = await requireAnnouncement(db, id);
  return inTransaction(db, async (tx) => {
    const updated = await repo.updateAnnouncement(tx, id, content);
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'update_announcement',
      `Edited an announcement: "${excerpt(content)}"`,
      { announcementId: id, tournamentId: before.tournamentId, previous: before.content },
    );
    return updated;
  });
}

export async function deleteAnnouncement(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  id: string,
): Promise<void> {
  const before = await requireAnnouncement(db, id);
  await inTransaction(db, async (tx) => {
    await repo.deleteAnnouncement(tx, id);
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'delete_announcement',
      `Deleted an announcement: "${excerpt(before.content)}"`,
      { announcementId: id, tournamentId: before.tournamentId, content: before.content },
    );
  });
}
