import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { CRM_KIND_DEFAULTS, CRM_TASK_KINDS, type CrmTaskKind, type SchoolFacts } from '../../../domain/crm';
import { eventDayOf } from '../../../domain/event-day';
import { isConsentPending, isRegistrationOpen, playerEligibility } from '../../../domain/registration';
import { readRegistrationSettings } from '../../core/registrations/registration-records';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import { crmTasks, crmTaskTemplates } from '../../db/schema/crm';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import { players } from '../../db/schema/tournaments';

/**
 * What the CRM reads about schools (ADR 027): the event day, whether registrations are closed, the templates,
 * and per school its contacts, registrations, teams, pupils (with consent and check-in) and tournament players.
 * The same reads feed the automatic ticks (`SchoolFacts`) and the per-school page, so the two cannot disagree.
 */

export interface EventContext {
  /** The active tournament's date, or null without one (then tasks get no due date). */
  eventDay: string | null;
  tournamentId: string | null;
  /** Registrations closed: disabled, or past their closing time (the roster lock). */
  registrationClosed: boolean;
  today: string;
}

export async function loadEventContext(db: Db, now: Date): Promise<EventContext> {
  const [active, settings] = await Promise.all([findActiveTournament(db), readRegistrationSettings(db)]);
  return {
    eventDay: active?.startDate ?? null,
    tournamentId: active?.id ?? null,
    registrationClosed: !isRegistrationOpen(settings, now.getTime()),
    today: eventDayOf(now),
  };
}

export interface CrmTemplateView {
  kind: CrmTaskKind;
  label: string;
  description: string;
  dueDaysBefore: number;
  isActive: boolean;
  isAuto: boolean;
}

/** Every kind's template: its stored row, or the defaults of CRM_KIND_DEFAULTS (active). */
export async function loadTemplates(db: Db): Promise<CrmTemplateView[]> {
  const rows = await db.select().from(crmTaskTemplates);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return CRM_TASK_KINDS.map((kind) => {
    const row = byKind.get(kind);
    const defaults = CRM_KIND_DEFAULTS[kind];
    return {
      kind,
      label: row?.label ?? defaults.label,
      description: row?.description ?? defaults.description,
      dueDaysBefore: row?.dueDaysBefore ?? defaults.dueDaysBefore,
      isActive: row?.isActive ?? true,
      isAuto: defaults.isAuto,
    };
  });
}

export type RegistrationRow = typeof registrations.$inferSelect;

export interface PupilView {
  name: string;
  isMinor: boolean;
  consent: 'confirmed' | 'waiting' | 'not_needed';
  checkedIn: boolean;
}

export interface SchoolData {
  id: string;
  name: string;
  teacherName: string | null;
  teacherEmail: string | null;
  teacherPhone: string | null;
  /** Every registration of the school, cancelled ones too, oldest first. */
  registrations: RegistrationRow[];
  /** Teams of the registrations that are not cancelled, in registration then position order. */
  teams: { name: string; pupils: PupilView[] }[];
  /** The school's players in the active tournament that are not withdrawn. */
  players: SchoolFacts['players'];
  facts: SchoolFacts;
  /** Whether the school has a registration that is not cancelled (only then are its tasks created). */
  hasLiveRegistration: boolean;
}

/**
 * Schools the CRM follows: those with a registration that is not cancelled, and those that already have a
 * template task (so a cancellation can still reopen their tasks).
 */
export async function schoolsInScope(db: Db): Promise<string[]> {
  const [registered, tasked] = await Promise.all([
    db
      .selectDistinct({ id: registrations.schoolId })
      .from(registrations)
      .where(ne(registrations.paymentStatus, 'cancelled')),
    db.selectDistinct({ id: crmTasks.schoolId }).from(crmTasks).where(isNotNull(crmTasks.kind)),
  ]);
  return [...new Set([...registered, ...tasked].map((row) => row.id))];
}

/** The data of the given schools, in a handful of queries whatever their number. */
export async function loadSchoolData(
  db: Db,
  schoolIds: readonly string[],
  context: EventContext,
): Promise<Map<string, SchoolData>> {
  const result = new Map<string, SchoolData>();
  if (schoolIds.length === 0) return result;
  const ids = [...schoolIds];
  const [schoolRows, registrationRows, playerRows] = await Promise.all([
    db.select().from(schools).where(inArray(schools.id, ids)),
    db
      .select()
      .from(registrations)
      .where(inArray(registrations.schoolId, ids))
      .orderBy(registrations.createdAt, registrations.id),
    context.tournamentId === null
      ? Promise.resolve([])
      : db
          .select({
            id: players.id,
            schoolId: players.schoolId,
            checkedInAt: players.checkedInAt,
            signedOutAt: players.signedOutAt,
          })
          .from(players)
          .where(
            and(
              eq(players.tournamentId, context.tournamentId),
              eq(players.active, true),
              inArray(players.schoolId, ids),
            ),
          ),
  ]);
  const live = registrationRows.filter((row) => row.paymentStatus !== 'cancelled');
  const teamRows =
    live.length === 0
      ? []
      : await db
          .select()
          .from(registrationTeams)
          .where(
            inArray(
              registrationTeams.registrationId,
              live.map((row) => row.id),
            ),
          )
          .orderBy(registrationTeams.position);
  const pupilRows =
    teamRows.length === 0
      ? []
      : await db
          .select()
          .from(registrationTeamPlayers)
          .where(
            and(
              inArray(
                registrationTeamPlayers.teamId,
                teamRows.map((row) => row.id),
              ),
              // A pupil a substitute replaced is no longer one of the team's four (issue #30).
              isNull(registrationTeamPlayers.replacedAt),
            ),
          )
          .orderBy(registrationTeamPlayers.position);

  // A pupil promoted into the active tournament is checked in when that player is.
  const checkedInById = new Map(playerRows.map((row) => [row.id, row.checkedInAt !== null]));
  // Ages are counted on the event day (registration rules), or today without an active tournament.
  const ageDay = context.eventDay ?? context.today;
  const pupilsByTeam = new Map<string, PupilView[]>();
  for (const pupil of pupilRows) {
    const eligibility = playerEligibility(pupil, ageDay);
    // Not shown to be 18 or older: consent is never assumed (domain/registration.ts isConsentPending).
    const isMinor = !(eligibility.eligible && !eligibility.needsGuardianConsent);
    const view: PupilView = {
      name: pupil.name,
      isMinor,
      consent: pupil.guardianConfirmedAt
        ? 'confirmed'
        : isConsentPending(pupil, ageDay)
          ? 'waiting'
          : 'not_needed',
      checkedIn: pupil.playerId !== null && checkedInById.get(pupil.playerId) === true,
    };
    pupilsByTeam.set(pupil.teamId, [...(pupilsByTeam.get(pupil.teamId) ?? []), view]);
  }
  const liveOrder = new Map(live.map((row, index) => [row.id, index]));
  const teamsBySchool = new Map<string, SchoolData['teams']>();
  const schoolOfRegistration = new Map(registrationRows.map((row) => [row.id, row.schoolId]));
  const sortedTeams = [...teamRows].sort(
    (a, b) =>
      (liveOrder.get(a.registrationId) ?? 0) - (liveOrder.get(b.registrationId) ?? 0) ||
      a.position - b.position,
  );
  for (const team of sortedTeams) {
    const schoolId = schoolOfRegistration.get(team.registrationId)!;
    const list = teamsBySchool.get(schoolId) ?? [];
    list.push({ name: team.name, pupils: pupilsByTeam.get(team.id) ?? [] });
    teamsBySchool.set(schoolId, list);
  }

  for (const school of schoolRows) {
    const own = registrationRows.filter((row) => row.schoolId === school.id);
    const ownLive = own.filter((row) => row.paymentStatus !== 'cancelled');
    const teams = teamsBySchool.get(school.id) ?? [];
    const schoolPlayers = playerRows
      .filter((row) => row.schoolId === school.id)
      .map((row) => ({ checkedIn: row.checkedInAt !== null, signedOut: row.signedOutAt !== null }));
    result.set(school.id, {
      id: school.id,
      name: school.name,
      teacherName: school.teacherName,
      teacherEmail: school.teacherEmail,
      teacherPhone: school.teacherPhone,
      registrations: own,
      teams,
      players: schoolPlayers,
      hasLiveRegistration: ownLive.length > 0,
      facts: {
        teacherName: school.teacherName,
        teacherEmail: school.teacherEmail,
        registrations: ownLive.map((row) => ({ paid: row.paymentStatus === 'paid' })),
        teams: teams.map((team) => ({
          name: team.name,
          playerNames: team.pupils.map((pupil) => pupil.name),
        })),
        minors: teams
          .flatMap((team) => team.pupils)
          .filter((pupil) => pupil.isMinor)
          .map((pupil) => ({ name: pupil.name, confirmed: pupil.consent === 'confirmed' })),
        registrationClosed: context.registrationClosed,
        players: schoolPlayers,
      },
    });
  }
  return result;
}
