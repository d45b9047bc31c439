import { desc, eq, inArray } from 'drizzle-orm';
import { registrationPlayerInputSchema } from '../../../contracts/registrations';
import { ROSTER_CHANGE_MESSAGES } from '../../../contracts/roster-change-messages';
import type { RosterRequest, RosterRequests } from '../../../contracts/roster-changes';
import { ROSTER_RULES_SETTING_KEY } from '../../../contracts/roster-changes';
import type { RosterRequestDecisionBody } from '../../../contracts/roster-substitutions';
import { rosterLateTeamBodySchema } from '../../../contracts/roster-substitutions';
import { playerEligibility } from '../../../domain/registration';
import type { AuditContext } from '../../audit/audit';
import { tournamentDay } from '../../core/registrations/registration-records';
import { loadRegistration } from '../../core/registrations/registrations.repo';
import { recordRosterChange } from '../../core/schools/school-activity';
import { readSettingValue } from '../../core/settings/settings.service';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import { registrations, rosterRequests } from '../../db/schema/registrations';
import { players } from '../../db/schema/tournaments';
import { HttpError } from '../../http/errors';
import { lateTeamForArbiter } from './late-teams.service';
import { rosterRequestDecisionMail } from './roster-changes.mails';
import type { RosterChangesDeps } from './roster-changes.service';
import { returnForArbiter, substituteForArbiter } from './substitutions.service';

/**
 * The arbiter's queue of teachers' roster changes made after their lock (issue #30, /admin/roster-requests):
 * each request is accepted — the change is made exactly as the teacher asked, by the same code, every rule but
 * the lock applying again — or refused with a word for the teacher; the teacher is e-mailed either way.
 */

const DECIDED_SHOWN = 50;

/** A late team's request keeps the team as the teacher entered it. */
const lateTeamRequestSchema = rosterLateTeamBodySchema.pick({ team: true });

type RequestRow = typeof rosterRequests.$inferSelect;

/** For a substitute: their age or year, and whether a guardian must still confirm once accepted. */
function pupilDetails(row: RequestRow, day: string): string | null {
  const parsed = registrationPlayerInputSchema.safeParse(row.pupil);
  if (!parsed.success) return null;
  const pupil = parsed.data;
  const age = pupil.dateOfBirth
    ? `born ${pupil.dateOfBirth}`
    : pupil.schoolYear
      ? `school year ${pupil.schoolYear}`
      : '';
  const eligibility = playerEligibility(pupil, day);
  const consent =
    eligibility.eligible && eligibility.needsGuardianConsent
      ? `guardian ${pupil.guardianConsent?.by ?? ''} confirms by e-mail once accepted`
      : 'no guardian consent needed';
  return [age, consent].filter(Boolean).join('; ');
}

/** For a late team: its four pupils, as entered. */
function teamDetails(row: RequestRow): string | null {
  const parsed = lateTeamRequestSchema.safeParse(row.pupil);
  return parsed.success ? parsed.data.team.players.map((player) => player.name).join(', ') : null;
}

async function toViews(db: Db, rows: RequestRow[], day: string): Promise<RosterRequest[]> {
  const ids = [...new Set(rows.map((row) => row.registrationId))];
  const schools =
    ids.length === 0
      ? []
      : await db
          .select({
            id: registrations.id,
            schoolName: registrations.schoolName,
            reference: registrations.reference,
          })
          .from(registrations)
          .where(inArray(registrations.id, ids));
  const byId = new Map(schools.map((school) => [school.id, school]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    schoolName: byId.get(row.registrationId)?.schoolName ?? '',
    reference: byId.get(row.registrationId)?.reference ?? '',
    registrationId: row.registrationId,
    summary: row.summary,
    reason: row.reason,
    status: row.status,
    pupilDetails:
      row.kind === 'substitution' ? pupilDetails(row, day) : row.kind === 'team' ? teamDetails(row) : null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  }));
}

/** The active tournament's requests: those waiting, oldest first, and the last ones decided. */
export async function listRosterRequests(
  deps: Pick<RosterChangesDeps, 'db' | 'now'>,
): Promise<RosterRequests> {
  const tournament = await findActiveTournament(deps.db);
  if (!tournament) return { pending: [], decided: [] };
  const rows = await deps.db
    .select()
    .from(rosterRequests)
    .where(eq(rosterRequests.tournamentId, tournament.id))
    .orderBy(desc(rosterRequests.createdAt));
  const day = await tournamentDay(deps.db, deps.now());
  const views = await toViews(deps.db, rows, day);
  return {
    pending: views.filter((view) => view.status === 'pending').reverse(),
    decided: views.filter((view) => view.status !== 'pending').slice(0, DECIDED_SHOWN),
  };
}

/**
 * Accepts or refuses one waiting request. Accepting makes the change in the same transaction as the decision
 * (a change that no longer fits the rules — the late-entry round passed, the team filled — is refused with
 * the rule, and the request stays waiting, so the arbiter can refuse it with a word instead). The teacher is
 * e-mailed after the commit.
 */
export async function decideRosterRequest(
  deps: RosterChangesDeps,
  who: AuditContext,
  requestId: string,
  body: RosterRequestDecisionBody,
): Promise<RosterRequests & { message: string }> {
  const note = body.note?.trim() || null;
  if (body.decision === 'refuse' && note === null)
    throw new HttpError(400, ROSTER_CHANGE_MESSAGES.refusalNoteNeeded);
  const tournament = await findActiveTournament(deps.db);
  const rules = await readSettingValue(deps.db, ROSTER_RULES_SETTING_KEY);
  let afterCommit: () => Promise<void> = async () => undefined;
  const { row, registration } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(rosterRequests)
      .where(eq(rosterRequests.id, requestId))
      .for('update');
    if (!row) throw new HttpError(404, ROSTER_CHANGE_MESSAGES.unknownRequest);
    if (row.status !== 'pending') throw new HttpError(409, ROSTER_CHANGE_MESSAGES.requestDecided);
    if (!tournament || tournament.id !== row.tournamentId) {
      throw new HttpError(409, ROSTER_CHANGE_MESSAGES.requestOtherTournament);
    }
    const registration = await loadRegistration(tx as Db, row.registrationId);
    if (!registration) throw new HttpError(409, ROSTER_CHANGE_MESSAGES.unknownRequest);
    const details = {
      requestId: row.id,
      playerId: row.playerId,
      tournamentId: tournament.id,
      by: 'arbiter',
      registrationId: registration.id,
      schoolId: registration.schoolId,
    };
    const onCard = (line: string) =>
      recordRosterChange(tx, { schoolId: registration.schoolId, actorId: who.actorId, sentence: line });
    let sentence = ROSTER_CHANGE_MESSAGES.requestRefused(row.summary);
    if (body.decision === 'accept') {
      sentence = ROSTER_CHANGE_MESSAGES.requestAccepted(row.summary);
      // The change is made by the code the teacher's own change runs, every rule but the lock applying again.
      if (row.kind === 'team') {
        const { team } = lateTeamRequestSchema.parse(row.pupil);
        const done = await lateTeamForArbiter(deps, { tx, rules, tournament, registration, team, who });
        afterCommit = done.afterCommit;
      } else {
        const [leaving] = row.playerId
          ? await tx.select().from(players).where(eq(players.id, row.playerId))
          : [];
        if (!leaving) throw new HttpError(409, ROSTER_CHANGE_MESSAGES.unknownPupil);
        if (row.kind === 'substitution') {
          const pupil = registrationPlayerInputSchema.parse(row.pupil);
          const done = await substituteForArbiter(
            deps,
            { tx, rules, tournament, registration, leaving, pupil },
            who,
            details,
          );
          afterCommit = done.afterCommit;
          await onCard(done.sentence);
        } else {
          await onCard(await returnForArbiter(deps, { tx, rules, tournament, leaving }, who, details));
        }
      }
    } else {
      // The school's CRM card shows the refusal as well as the request, so organisers see the whole exchange.
      await onCard(ROSTER_CHANGE_MESSAGES.refusalActivity(row.summary, note ?? ''));
    }
    const status = body.decision === 'accept' ? 'accepted' : 'refused';
    await tx
      .update(rosterRequests)
      .set({ status, decidedBy: who.actorId, decidedAt: deps.now(), decisionNote: note })
      .where(eq(rosterRequests.id, row.id));
    await deps.audit.logChange(tx, who, 'roster_request_decided', sentence, { ...details, status });
    return { row: { ...row, status, decisionNote: note }, registration, sentence };
  });
  await afterCommit().catch(() => undefined);
  // The teacher hears the answer; a mail that cannot be sent leaves the decision made (the queue retries it).
  await deps.mailer
    .send(
      rosterRequestDecisionMail({
        to: registration.registrantEmail,
        registrantName: registration.registrantName,
        schoolName: registration.schoolName,
        summary: row.summary,
        accepted: row.status === 'accepted',
        note: row.decisionNote,
        rosterUrl: `${deps.publicUrl}/registration/roster/${registration.id}#token=${deps.keys.accessToken(registration.id)}`,
      }),
    )
    .catch(() => undefined);
  const message =
    row.status === 'accepted'
      ? ROSTER_CHANGE_MESSAGES.requestAccepted(row.summary)
      : ROSTER_CHANGE_MESSAGES.requestRefused(row.summary);
  return { message, ...(await listRosterRequests(deps)) };
}
