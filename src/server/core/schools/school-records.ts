/**
 * Schools and teams as records (docs/decisions/012-school-identity.md): the one place the server finds or
 * creates them. A school is found by its name key (domain/schools.ts schoolNameKey, the database's
 * schools_name_key); a team by its tournament and name key (teams_tournament_name).
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { cleanSchoolName, schoolNameKey, schoolOf, teamNameKey } from '../../../domain/schools';
import type { Db } from '../../db/client';
import { registrations, registrationTeams } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import { teams } from '../../db/schema/tournaments';
import { findActiveTournament } from '../tournament/active-tournament';

export type SchoolRow = typeof schools.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;

const nameKeyOf = sql`lower(regexp_replace(btrim(${schools.name}), '\\s+', ' ', 'g'))`;

export async function findSchool(db: Db, name: string): Promise<SchoolRow | null> {
  const [row] = await db
    .select()
    .from(schools)
    .where(sql`${nameKeyOf} = ${schoolNameKey(name)}`);
  return row ?? null;
}

export interface SchoolContact {
  teacherName?: string | null;
  teacherEmail?: string | null;
  teacherPhone?: string | null;
}

/**
 * The school of that name, created when new (with the contact as its teacher in charge). An existing school's
 * contact is filled in where it has none, never overwritten.
 */
export async function findOrCreateSchool(
  db: Db,
  name: string,
  contact: SchoolContact = {},
): Promise<SchoolRow> {
  const clean = cleanSchoolName(name);
  if (clean === '') throw new Error('a school needs a name');
  await db
    .insert(schools)
    .values({
      name: clean,
      teacherName: contact.teacherName ?? null,
      teacherEmail: contact.teacherEmail ?? null,
      teacherPhone: contact.teacherPhone ?? null,
    })
    .onConflictDoNothing();
  const school = (await findSchool(db, clean))!;
  if (!school.teacherEmail && contact.teacherEmail) {
    const [updated] = await db
      .update(schools)
      .set({
        teacherName: contact.teacherName ?? school.teacherName,
        teacherEmail: contact.teacherEmail,
        teacherPhone: contact.teacherPhone ?? school.teacherPhone,
        updatedAt: new Date(),
      })
      .where(eq(schools.id, school.id))
      .returning();
    return updated ?? school;
  }
  return school;
}

export async function findTeam(db: Db, tournamentId: string, name: string): Promise<TeamRow | null> {
  const [row] = await db
    .select()
    .from(teams)
    .where(
      and(eq(teams.tournamentId, tournamentId), sql`lower(btrim(${teams.name})) = ${teamNameKey(name)}`),
    );
  return row ?? null;
}

/** The tournament's team of that name, created for the school when new; null when another school has it. */
export async function findOrCreateTeam(
  db: Db,
  tournamentId: string,
  schoolId: string,
  name: string,
): Promise<TeamRow | null> {
  await db.insert(teams).values({ tournamentId, schoolId, name: name.trim() }).onConflictDoNothing();
  const team = (await findTeam(db, tournamentId, name))!;
  return team.schoolId === schoolId ? team : null;
}

/**
 * The team name keys a new team would meet in the active tournament: its teams, and the teams of registrations
 * not cancelled and not yet promoted — those of schools other than `schoolId` ('others'), or of that school
 * itself ('own', so a school never has two teams of one name). Registrations of earlier years are not counted.
 */
export async function teamNamesInUse(
  db: Db,
  schoolId: string | null,
  whose: 'others' | 'own' = 'others',
): Promise<Set<string>> {
  const ofSchool = (column: typeof teams.schoolId | typeof registrations.schoolId) =>
    schoolId === null ? sql`true` : whose === 'own' ? eq(column, schoolId) : ne(column, schoolId);
  const active = await findActiveTournament(db);
  const fromTeams = active
    ? await db
        .select({ name: teams.name })
        .from(teams)
        .where(and(eq(teams.tournamentId, active.id), ofSchool(teams.schoolId)))
    : [];
  const fromRegistrations = await db
    .select({ name: registrationTeams.name })
    .from(registrationTeams)
    .innerJoin(registrations, eq(registrations.id, registrationTeams.registrationId))
    .where(
      and(
        ne(registrations.paymentStatus, 'cancelled'),
        isNull(registrations.promotedAt),
        ofSchool(registrations.schoolId),
      ),
    );
  return new Set([...fromTeams, ...fromRegistrations].map((row) => teamNameKey(row.name)));
}

/** The team name keys schools other than `schoolId` use where a new registration's teams would meet them. */
export const teamNamesOfOtherSchools = (db: Db, schoolId: string | null) =>
  teamNamesInUse(db, schoolId, 'others');

/** A player's team and school. */
export interface Membership {
  teamId: string | null;
  schoolId: string | null;
}

/**
 * The team and school of a player entered with a group name but no school (by hand, from a CSV file, the demo
 * seed): the tournament's team of that name if there is one, else a new team of the school the name rule
 * infers (domain/schools.ts schoolOf), that school created when new. No group name: no team, no school.
 */
export async function membershipFromGroupName(
  db: Db,
  tournamentId: string,
  groupName: string | null | undefined,
): Promise<Membership> {
  const name = groupName?.trim();
  if (!name) return { teamId: null, schoolId: null };
  const existing = await findTeam(db, tournamentId, name);
  if (existing) return { teamId: existing.id, schoolId: existing.schoolId };
  const school = await findOrCreateSchool(db, schoolOf(name) ?? name);
  const team = (await findOrCreateTeam(db, tournamentId, school.id, name))!;
  return { teamId: team.id, schoolId: team.schoolId };
}

/** What the name rule infers for a file's group names, for the arbiter to confirm before the import. */
export async function inferSchools(
  db: Db,
  tournamentId: string,
  groupNames: readonly (string | null | undefined)[],
): Promise<{ school: string; isNew: boolean; teams: string[] }[]> {
  const bySchool = new Map<string, { school: string; isNew: boolean; teams: string[] }>();
  const seen = new Set<string>();
  for (const groupName of groupNames) {
    const name = groupName?.trim();
    if (!name || seen.has(teamNameKey(name))) continue;
    seen.add(teamNameKey(name));
    const team = await findTeam(db, tournamentId, name);
    const known = team
      ? (await db.select().from(schools).where(eq(schools.id, team.schoolId)))[0]
      : await findSchool(db, schoolOf(name) ?? name);
    const schoolName = known?.name ?? cleanSchoolName(schoolOf(name) ?? name);
    const entry = bySchool.get(schoolNameKey(schoolName)) ?? { school: schoolName, isNew: !known, teams: [] };
    entry.teams.push(name);
    bySchool.set(schoolNameKey(schoolName), entry);
  }
  return [...bySchool.values()].sort((a, b) => a.school.localeCompare(b.school, 'en'));
}
