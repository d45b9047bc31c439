import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tournaments } from '../../db/schema/tournaments';
import { loadTournamentRows, type TournamentRows } from './tournament-state.loader';

export type TournamentRow = typeof tournaments.$inferSelect;

/**
 * The one door to "the active tournament" (issue #28): which tournament the public pages, the hall's desks,
 * results, rounds, registrations and the CRM work on. Nothing else names the `active` column; a query that
 * joins the tournaments table filters with `isActiveTournament()`.
 */
export function isActiveTournament(): SQL {
  return eq(tournaments.active, true);
}

/** The active tournament's row, or null when no tournament is active. */
export async function findActiveTournament(db: Db): Promise<TournamentRow | null> {
  const [row] = await db.select().from(tournaments).where(isActiveTournament()).limit(1);
  return row ?? null;
}

/**
 * The active tournament with its players, rounds, games, byes, teams and schools, read by the one loader
 * (ADR 011), or null. Staff pages that act on the tournament read this, not the public snapshot.
 */
export async function loadActiveTournamentRows(db: Db): Promise<TournamentRows | null> {
  const tournament = await findActiveTournament(db);
  return tournament ? loadTournamentRows(db, tournament) : null;
}
