import { eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import { schools } from '../../../src/server/db/schema/schools';
import { players, teams } from '../../../src/server/db/schema/tournaments';

/**
 * Hands a team, with its players, to a new school of the given name: two schools whose teams share a name
 * pattern ("St Kevin's A" of St Kevin's, "St Kevin's B" of St Kevin's College), which the name rule would
 * make one school. Returns the new school's id.
 */
export async function moveTeamToNewSchool(db: Db, teamName: string, schoolName: string): Promise<string> {
  const [school] = await db.insert(schools).values({ name: schoolName }).returning({ id: schools.id });
  const [team] = await db
    .update(teams)
    .set({ schoolId: school!.id })
    .where(eq(teams.name, teamName))
    .returning({ id: teams.id });
  if (!team) throw new Error(`No team ${teamName}`);
  await db.update(players).set({ schoolId: school!.id }).where(eq(players.teamId, team.id));
  return school!.id;
}
