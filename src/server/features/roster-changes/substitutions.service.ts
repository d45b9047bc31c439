import { and, eq, gte, isNull, ne, or } from 'drizzle-orm';
import type { RegistrationPlayerInput } from '../../../contracts/registrations';
import { ROSTER_CHANGE_MESSAGES } from '../../../contracts/roster-change-messages';
import type { RosterChangeResponse } from '../../../contracts/roster-changes';
import type { RosterSubstitutionBody } from '../../../contracts/roster-substitutions';
import { isConsentPending } from '../../../domain/registration';
import {
  decideReturn,
  decideSubstitution,
  isSamePupil,
  type RosterRules,
  rosterRoundsOf,
} from '../../../domain/roster-changes';
import type { TournamentState } from '../../../domain/tournament';
import type { AuditContext, Tx } from '../../audit/audit';
import type { PlayerRow } from '../../core/players/player-records';
import { enterPupil } from '../../core/players/roster-entry';
import { writeReturn, writeWithdrawal } from '../../core/players/roster-writes';
import { requestGuardianConsent } from '../../core/registrations/guardian-consent';
import { checkPlayerEntry, playerEntryValues } from '../../core/registrations/player-entry';
import { tournamentDay } from '../../core/registrations/registration-records';
import { loadRegistration, type RegistrationWithTeams } from '../../core/registrations/registrations.repo';
import type { TournamentRow } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import {
  registrations,
  registrationTeamPlayers,
  registrationTeams,
  rosterRequests,
} from '../../db/schema/registrations';
import { HttpError } from '../../http/errors';
import {
  type ChangeSaid,
  type ChangeStep,
  changePupil,
  lockedState,
  namesLockOf,
  pupilsOf,
  type RosterCaller,
  type RosterChangesDeps,
  refuse,
  teamActiveCount,
} from './roster-changes.service';

/**
 * Substitutes and returns (issue #30): a new pupil takes a place in the team, or a withdrawn pupil comes back
 * after the teacher's own undo has passed. Before the names lock a substitution is made at once; after it, and
 * for every late return, the change waits in the arbiter's queue (roster-requests.service.ts) with the
 * teacher's reason, and is made by the same `applySubstitution` when the arbiter accepts it.
 */

/** Where the pupil being replaced sits: their registration entry and team. */
function seatOf(registration: RegistrationWithTeams, playerId: string) {
  for (const team of registration.teams) {
    const entry = team.players.find((candidate) => candidate.playerId === playerId);
    if (entry) return { team, entry };
  }
  throw new HttpError(404, ROSTER_CHANGE_MESSAGES.unknownPupil);
}

/**
 * Every school's pupils entered for this tournament: the current entries of registrations added to it, or
 * waiting to be (not cancelled, not anonymised). Earlier years' registrations do not count: a pupil may change
 * school from one year to the next.
 */
export function pupilsEntered(tx: Tx, tournament: TournamentRow) {
  return tx
    .select({
      name: registrationTeamPlayers.name,
      dateOfBirth: registrationTeamPlayers.dateOfBirth,
      schoolYear: registrationTeamPlayers.schoolYear,
      schoolId: registrations.schoolId,
    })
    .from(registrationTeamPlayers)
    .innerJoin(registrationTeams, eq(registrationTeams.id, registrationTeamPlayers.teamId))
    .innerJoin(registrations, eq(registrations.id, registrationTeams.registrationId))
    .where(
      and(
        ne(registrations.paymentStatus, 'cancelled'),
        isNull(registrations.anonymisedAt),
        isNull(registrationTeamPlayers.replacedAt),
        or(isNull(registrations.promotedAt), gte(registrations.promotedAt, tournament.createdAt)),
      ),
    );
}

/** The school, other than `schoolId`, this pupil is already entered for, or null. */
export const otherSchoolOf = (
  entered: Awaited<ReturnType<typeof pupilsEntered>>,
  schoolId: string,
  pupil: RegistrationPlayerInput,
) => entered.find((other) => other.schoolId !== schoolId && isSamePupil(other, pupil))?.schoolId ?? null;

interface Substitution {
  tx: Tx;
  rules: RosterRules;
  tournament: TournamentRow;
  registration: RegistrationWithTeams;
  leaving: PlayerRow;
  pupil: RegistrationPlayerInput;
  now: Date;
  /** An arbiter decides: the names lock no longer applies, every other rule does. */
  byArbiter: boolean;
}

/**
 * Decides a substitution under the lock of the next round to be paired: the pupil's details as at registration,
 * the team's rules, the late-entry limit and (for a teacher) the names lock. Refusals throw, changing nothing.
 */
async function decide(input: Substitution, day: string) {
  const { tx, rules, tournament, registration, leaving, pupil } = input;
  const checked = checkPlayerEntry(pupil, day, 'pupil');
  if (checked.issues.length > 0)
    throw new HttpError(400, checked.issues[0]!.message, undefined, checked.issues);
  const state = await lockedState(tx, rules, tournament);
  const { team, entry } = seatOf(registration, leaving.id);
  const pupils = await pupilsOf(tx, registration, tournament.id);
  const decision = decideSubstitution(rules, {
    rounds: rosterRoundsOf(state),
    lock: input.byArbiter ? null : namesLockOf(rules, state, tournament, input.now),
    replacedIsActive: leaving.active,
    teamActive: teamActiveCount(team, pupils),
    playsForSchoolId: otherSchoolOf(await pupilsEntered(tx, tournament), registration.schoolId, pupil),
    isInTeam: team.players.some((other) => other.id !== entry.id && isSamePupil(other, pupil)),
    schoolId: registration.schoolId,
  });
  if (!decision.ok) refuse(rules, decision.refusal, state);
  return { decision, state, team, entry, consent: checked.consent };
}

/**
 * Makes a decided substitution: the pupil leaving is withdrawn (their games stay), their entry is marked
 * replaced, and the substitute's entry takes the same board; a substitute who needs no consent (or whose
 * guardian already confirmed) enters the tournament at once, any other once their guardian confirms.
 * Returns the sentence saying what was done, and whether a guardian must be mailed.
 */
async function applySubstitution(
  input: Substitution,
  decided: Awaited<ReturnType<typeof decide>>,
  day: string,
): Promise<{ sentence: string; entryId: string; waitsForConsent: boolean }> {
  const { tx, tournament, registration, leaving, pupil, now } = input;
  const { state, team, entry, consent, decision } = decided;
  if (leaving.active) await writeWithdrawal(tx, leaving, state);
  await tx
    .update(registrationTeamPlayers)
    .set({ replacedAt: now })
    .where(eq(registrationTeamPlayers.id, entry.id));
  const [created] = await tx
    .insert(registrationTeamPlayers)
    .values({
      teamId: team.id,
      position: entry.position,
      replacesEntryId: entry.id,
      enteredOnTheDay: true,
      ...playerEntryValues(pupil, consent, now),
    })
    .returning();
  const waitsForConsent = isConsentPending(created!, day);
  if (!waitsForConsent) {
    await enterPupil(tx, {
      tournament,
      state,
      schoolId: registration.schoolId,
      teamName: team.name,
      entry: created!,
      missedRoundBye: decision.missedRoundBye,
    });
  }
  return {
    sentence: ROSTER_CHANGE_MESSAGES.substituted(
      pupil.name,
      leaving.name,
      decision.joinsRound,
      waitsForConsent,
    ),
    entryId: created!.id,
    waitsForConsent,
  };
}

/** Mails the substitute's guardian their confirmation link, once the substitution has committed. */
async function askConsent(
  deps: RosterChangesDeps,
  registration: RegistrationWithTeams,
  entryId: string,
  context: { actorId: string | null; eventName: string | null },
) {
  const fresh = await loadRegistration(deps.db, registration.id);
  if (!fresh) return;
  const only: RegistrationWithTeams = {
    ...fresh,
    teams: fresh.teams.map((team) => ({
      ...team,
      players: team.players.filter((entry) => entry.id === entryId),
    })),
  };
  await requestGuardianConsent(deps, only, context);
}

/** A substitution made by an arbiter accepting a teacher's request (roster-requests.service.ts). */
export async function substituteForArbiter(
  deps: RosterChangesDeps,
  step: Omit<Substitution, 'byArbiter' | 'now'>,
  who: AuditContext,
  details: Record<string, unknown>,
): Promise<{ sentence: string; afterCommit: () => Promise<void> }> {
  const input: Substitution = { ...step, byArbiter: true, now: deps.now() };
  const day = await tournamentDay(step.tx as Db, input.now);
  const decided = await decide(input, day);
  const done = await applySubstitution(input, decided, day);
  await deps.audit.logChange(step.tx, who, 'substitute_pupil', done.sentence, {
    ...details,
    entryId: done.entryId,
    joinsRound: decided.decision.joinsRound,
  });
  return {
    sentence: done.sentence,
    afterCommit: async () => {
      if (done.waitsForConsent) {
        await askConsent(deps, step.registration, done.entryId, {
          actorId: who.actorId,
          eventName: step.tournament.name,
        });
      }
    },
  };
}

/** Brings a withdrawn pupil back for an arbiter accepting a teacher's request. */
export async function returnForArbiter(
  deps: RosterChangesDeps,
  step: { tx: Tx; rules: RosterRules; tournament: TournamentRow; leaving: PlayerRow },
  who: AuditContext,
  details: Record<string, unknown>,
): Promise<string> {
  const { tx, rules, tournament, leaving } = step;
  const state = await lockedState(tx, rules, tournament);
  const decision = decideReturn({
    rounds: rosterRoundsOf(state),
    fromRound: leaving.withdrawnFromRound ?? 1,
    isActive: leaving.active,
    by: 'arbiter',
  });
  if (!decision.ok) refuse(rules, decision.refusal, state);
  await writeReturn(tx, leaving);
  const sentence = ROSTER_CHANGE_MESSAGES.returned(leaving.name);
  await deps.audit.logChange(tx, who, 'reactivate_player', sentence, {
    ...details,
    fromRound: leaving.withdrawnFromRound,
  });
  return sentence;
}

/** Stores a change for the arbiter's queue: the teacher's reason, and a sentence saying what is asked. */
export async function queueRequest(
  deps: Pick<RosterChangesDeps, 'audit'>,
  at: Pick<ChangeStep, 'tx' | 'registration' | 'tournament' | 'who' | 'details'> & {
    playerId: string | null;
  },
  request: {
    kind: 'substitution' | 'return' | 'team';
    pupil: unknown;
    summary: string;
    reason: string;
  },
): Promise<ChangeSaid> {
  const { tx, playerId, tournament, who, details } = at;
  if (playerId !== null) {
    const [pending] = await tx
      .select({ id: rosterRequests.id })
      .from(rosterRequests)
      .where(and(eq(rosterRequests.playerId, playerId), eq(rosterRequests.status, 'pending')));
    if (pending) throw new HttpError(409, ROSTER_CHANGE_MESSAGES.requestPending);
  }
  const [stored] = await tx
    .insert(rosterRequests)
    .values({
      registrationId: at.registration.id,
      tournamentId: tournament.id,
      kind: request.kind,
      playerId,
      pupil: request.pupil,
      summary: request.summary,
      reason: request.reason,
      requestedBy: who.actorId,
    })
    .returning({ id: rosterRequests.id });
  const activity = ROSTER_CHANGE_MESSAGES.requestActivity(request.summary, request.reason);
  await deps.audit.logChange(tx, who, 'roster_request_made', activity, {
    ...details,
    requestId: stored!.id,
    kind: request.kind,
  });
  return { message: ROSTER_CHANGE_MESSAGES.requestSent(request.summary), activity };
}

export async function substitute(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
  body: RosterSubstitutionBody,
): Promise<RosterChangeResponse & { waitsForArbiter: boolean }> {
  // What to do once the change has committed (mail the substitute's guardian), and whether it was queued.
  const after: { mail: () => Promise<void>; waitsForArbiter: boolean } = {
    mail: async () => {},
    waitsForArbiter: false,
  };
  const answer = await changePupil(
    deps,
    caller,
    { registrationId, playerId: body.playerId },
    async (step) => {
      const { tx, player, tournament, rules, who, details } = step;
      const registration = step.registration;
      const now = deps.now();
      const day = await tournamentDay(tx as Db, now);
      const input: Substitution = {
        tx,
        rules,
        tournament,
        registration,
        leaving: player,
        pupil: body.pupil,
        now,
        byArbiter: false,
      };
      const decided = await decide(input, day);
      if (decided.decision.mode === 'request') {
        const reason = body.reason?.trim() ?? '';
        if (reason === '') throw new HttpError(400, ROSTER_CHANGE_MESSAGES.reasonNeeded);
        after.waitsForArbiter = true;
        return queueRequest(
          deps,
          { ...step, playerId: step.player.id },
          {
            kind: 'substitution',
            pupil: body.pupil,
            summary: ROSTER_CHANGE_MESSAGES.substitutionAsked(body.pupil.name, player.name),
            reason,
          },
        );
      }
      const done = await applySubstitution(input, decided, day);
      await deps.audit.logChange(tx, who, 'substitute_pupil', done.sentence, {
        ...details,
        entryId: done.entryId,
        joinsRound: decided.decision.joinsRound,
      });
      if (done.waitsForConsent) {
        after.mail = () =>
          askConsent(deps, registration, done.entryId, { actorId: who.actorId, eventName: tournament.name });
      }
      return done.sentence;
    },
  );
  // The mail goes after the commit: a mail server that is down never undoes the substitution.
  await after.mail().catch(() => undefined);
  return { ...answer, waitsForArbiter: after.waitsForArbiter };
}

/** Asks an arbiter to bring back a withdrawn pupil, once the teacher's own undo has passed. */
export function askReturn(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
  body: { playerId: string; reason: string },
): Promise<RosterChangeResponse> {
  return changePupil(deps, caller, { registrationId, playerId: body.playerId }, async (step) => {
    const { tx, player, tournament, rules } = step;
    const state: TournamentState = await lockedState(tx, rules, tournament);
    const rounds = rosterRoundsOf(state);
    const fromRound = player.withdrawnFromRound ?? 1;
    const own = decideReturn({ rounds, fromRound, isActive: player.active, by: 'teacher' });
    if (own.ok) throw new HttpError(409, ROSTER_CHANGE_MESSAGES.returnStillYours);
    const byArbiter = decideReturn({ rounds, fromRound, isActive: player.active, by: 'arbiter' });
    if (!byArbiter.ok) refuse(rules, byArbiter.refusal, state);
    return queueRequest(
      deps,
      { ...step, playerId: step.player.id },
      {
        kind: 'return',
        pupil: null,
        summary: ROSTER_CHANGE_MESSAGES.returnAsked(player.name),
        reason: body.reason.trim(),
      },
    );
  });
}
