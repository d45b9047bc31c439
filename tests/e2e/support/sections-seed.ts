/**
 * The sections journey's event (issue 32, ADR 044): two schools, each with a junior team (1st and 2nd Year) and
 * a senior team (5th and 6th Year) of four, entered through registrations that give each pupil's school year, as
 * a teacher's would. Two rounds, none paired; the other tournaments are made inactive.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import {
  registrations,
  registrationTeamPlayers,
  registrationTeams,
} from '../../../src/server/db/schema/registrations';
import { schools } from '../../../src/server/db/schema/schools';
import { players, rounds, teams, tournaments } from '../../../src/server/db/schema/tournaments';

export const SECTIONS_EVENT = 'Schools Sections Cup';
const SCHOOLS = ['Ardmore College', 'Kilbride Community School'] as const;
/** Per team: its letter, its pupils' school years, ratings (one unrated), and which pupil is a girl. */
const TEAMS = [
  { letter: 'J', years: ['1st Year', '1st Year', '2nd Year', '2nd Year'], ratings: [1350, 1180, 1050, null] },
  { letter: 'S', years: ['5th Year', '5th Year', '6th Year', '6th Year'], ratings: [1720, 1610, 1490, 1150] },
] as const;

export async function seedSectionsEvent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(tournaments).set({ active: false });
    const today = new Date().toISOString().slice(0, 10);
    const [tournament] = await tx
      .insert(tournaments)
      .values({ name: SECTIONS_EVENT, active: true, totalRounds: 2, startDate: today, endDate: today })
      .returning();
    const tournamentId = tournament!.id;
    await tx.insert(rounds).values([1, 2].map((number) => ({ tournamentId, number })));
    let pupil = 0;
    for (const [schoolIndex, schoolName] of SCHOOLS.entries()) {
      const [school] = await tx
        .insert(schools)
        .values({ name: schoolName })
        .onConflictDoNothing()
        .returning();
      const schoolId =
        school?.id ?? (await tx.select().from(schools).where(eq(schools.name, schoolName)))[0]!.id;
      const [registration] = await tx
        .insert(registrations)
        .values({
          reference: `SEC-${schoolIndex + 1}`,
          registrantName: `Teacher of ${schoolName}`,
          registrantEmail: `teacher${schoolIndex + 1}@school.test`,
          schoolName,
          schoolId,
          teamCount: TEAMS.length,
          amountCents: 0,
          paymentStatus: 'paid',
        })
        .returning();
      for (const [teamIndex, shape] of TEAMS.entries()) {
        const name = `${schoolName} ${shape.letter}`;
        const [team] = await tx.insert(teams).values({ tournamentId, schoolId, name }).returning();
        const [entry] = await tx
          .insert(registrationTeams)
          .values({ registrationId: registration!.id, name, position: teamIndex + 1 })
          .returning();
        for (const [board, year] of shape.years.entries()) {
          pupil += 1;
          const [player] = await tx
            .insert(players)
            .values({
              tournamentId,
              name: `Pupil ${String(pupil).padStart(2, '0')}`,
              rating: shape.ratings[board] ?? null,
              groupName: name,
              teamId: team!.id,
              schoolId,
              // The second and fourth pupils of each team are eligible for girls' prizes.
              girlsPrize: board % 2 === 1,
            })
            .returning();
          await tx.insert(registrationTeamPlayers).values({
            teamId: entry!.id,
            position: board + 1,
            name: player!.name,
            schoolYear: year,
            playerId: player!.id,
          });
        }
      }
    }
  });
}
