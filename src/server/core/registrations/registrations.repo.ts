import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';

export type RegistrationRow = typeof registrations.$inferSelect;
export type TeamRow = typeof registrationTeams.$inferSelect;
export type PlayerRow = typeof registrationTeamPlayers.$inferSelect;
export type RegistrationWithTeams = RegistrationRow & { teams: (TeamRow & { players: PlayerRow[] })[] };

export async function findRegistration(db: Db, id: string): Promise<RegistrationRow | undefined> {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

/**
 * Registrations with their teams and players in board order, in the order of `rows`. A team's players are its
 * four current pupils: an entry a substitute replaced (issue #30) is left out (`replacedEntriesOf` reads them).
 */
export async function withTeams(db: Db, rows: RegistrationRow[]): Promise<RegistrationWithTeams[]> {
  if (rows.length === 0) return [];
  const teams = await db
    .select()
    .from(registrationTeams)
    .where(
      inArray(
        registrationTeams.registrationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(registrationTeams.position));
  const players =
    teams.length === 0
      ? []
      : await db
          .select()
          .from(registrationTeamPlayers)
          .where(
            and(
              inArray(
                registrationTeamPlayers.teamId,
                teams.map((team) => team.id),
              ),
              isNull(registrationTeamPlayers.replacedAt),
            ),
          )
          .orderBy(asc(registrationTeamPlayers.position));
  return rows.map((row) => ({
    ...row,
    teams: teams
      .filter((team) => team.registrationId === row.id)
      .map((team) => ({ ...team, players: players.filter((player) => player.teamId === team.id) })),
  }));
}

export async function loadRegistration(db: Db, id: string): Promise<RegistrationWithTeams | undefined> {
  const row = await findRegistration(db, id);
  if (!row) return undefined;
  const [loaded] = await withTeams(db, [row]);
  return loaded;
}
