import { sql } from 'drizzle-orm';
import { REGISTRATION_MESSAGES } from '../../../contracts/registrations';
import { ROSTER_CHANGE_MESSAGES, rosterRefusalMessage } from '../../../contracts/roster-change-messages';
import type { RosterChangeResponse } from '../../../contracts/roster-changes';
import type { RosterLateTeamBody } from '../../../contracts/roster-substitutions';
import { registrationLimits } from '../../../contracts/settings';
import { formatEuro, isConsentPending, registrationAmountCents } from '../../../domain/registration';
import {
  decideLateTeam,
  isSamePupil,
  type RosterRules,
  rosterRoundsOf,
} from '../../../domain/roster-changes';
import { hasIdenticalPlayers, suggestTeamName, teamNameKey } from '../../../domain/schools';
import type { AuditContext, Tx } from '../../audit/audit';
import { enterPupil } from '../../core/players/roster-entry';
import { requestGuardianConsent } from '../../core/registrations/guardian-consent';
import { checkPlayerEntry } from '../../core/registrations/player-entry';
import { registrationConfirmationMail } from '../../core/registrations/registration-mails';
import {
  readRegistrationSettings,
  toSummary,
  tournamentDay,
} from '../../core/registrations/registration-records';
import {
  insertRegistration,
  REGISTRATION_LOCK,
  refuseWhenFull,
} from '../../core/registrations/registration-writes';
import { loadRegistration, type RegistrationWithTeams } from '../../core/registrations/registrations.repo';
import { recordRosterChange } from '../../core/schools/school-activity';
import { teamNamesInUse } from '../../core/schools/school-records';
import type { TournamentRow } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import {
  buildRoster,
  context,
  lockedState,
  namesLockOf,
  type RosterCaller,
  type RosterChangesDeps,
  refuse,
} from './roster-changes.service';
import { otherSchoolOf, pupilsEntered, queueRequest } from './substitutions.service';

/**
 * A late team (issue #30): a school already in the tournament enters one more team of four on the day. It becomes
 * a registration of its own — one team at the team price, unpaid, paid now or later like any team — added to the
 * tournament at once, its pupils entering at the next round to be paired as their consent allows (each round
 * missed scoring as the roster rules say). After the names lock it waits for an arbiter, who enters it by the
 * same `applyLateTeam`; after the late-entry round it is refused.
 */

interface LateTeamStep {
  tx: Tx;
  rules: RosterRules;
  tournament: TournamentRow;
  registration: RegistrationWithTeams;
  team: RosterLateTeamBody['team'];
  who: AuditContext;
  now: Date;
  byArbiter: boolean;
}

/** Every problem of the team's pupils at once, with the registration form's own checks. */
function checkTeam(team: RosterLateTeamBody['team'], day: string) {
  const issues: { path: string; message: string }[] = [];
  const consent = team.players.map((player, p) => {
    const checked = checkPlayerEntry(player, day, `team.players.${p}`);
    issues.push(...checked.issues);
    return checked.consent;
  });
  if (hasIdenticalPlayers(team.players.map((player) => player.name))) {
    issues.push({ path: 'team.players', message: REGISTRATION_MESSAGES.identicalPlayers });
  }
  if (issues.length > 0) throw new HttpError(400, issues[0]!.message, undefined, issues);
  return consent;
}

/** Decides under the lock of the next round to be paired: the late-entry round, the lock, names and pupils. */
async function decide(step: LateTeamStep, day: string) {
  const { tx, rules, tournament, registration, team } = step;
  const consent = checkTeam(team, day);
  await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
  // A late team is a team more: the event's total (max_teams_total) holds on the day too.
  await refuseWhenFull(tx, registrationLimits(await readRegistrationSettings(tx as Db)).maxTeamsTotal, 1);
  const state = await lockedState(tx, rules, tournament);
  const decision = decideLateTeam(rules, {
    rounds: rosterRoundsOf(state),
    lock: step.byArbiter ? null : namesLockOf(rules, state, tournament, step.now),
  });
  if (!decision.ok) refuse(rules, decision.refusal, state);
  const own = await teamNamesInUse(tx as Db, registration.schoolId, 'own');
  if (own.has(teamNameKey(team.name))) throw new HttpError(409, REGISTRATION_MESSAGES.duplicateTeamName);
  const taken = await teamNamesInUse(tx as Db, registration.schoolId, 'others');
  if (taken.has(teamNameKey(team.name))) {
    const school = { name: registration.schoolName };
    const isTaken = (name: string) => taken.has(teamNameKey(name)) || own.has(teamNameKey(name));
    throw new HttpError(
      409,
      REGISTRATION_MESSAGES.teamNameTaken(team.name.trim(), suggestTeamName(team.name, school, isTaken)),
    );
  }
  // One read of the tournament's pupils for the four: another school's, or already entered for this one.
  const entered = await pupilsEntered(tx, tournament);
  for (const player of team.players) {
    const refusal =
      otherSchoolOf(entered, registration.schoolId, player) !== null
        ? ('plays-for-another-school' as const)
        : entered.some((other) => other.schoolId === registration.schoolId && isSamePupil(other, player))
          ? ('already-entered' as const)
          : null;
    if (refusal) {
      throw new HttpError(
        409,
        `${player.name}: ${rosterRefusalMessage(refusal, rules, { totalRounds: tournament.totalRounds })}`,
      );
    }
  }
  return { decision, consent, state };
}

/**
 * Enters a decided late team: its registration (the contact's, one team, unpaid), added to the tournament, and
 * each pupil who needs no consent (or already has it) entered at once. Returns what to say and what to mail.
 */
async function applyLateTeam(
  deps: RosterChangesDeps,
  step: LateTeamStep,
  decided: Awaited<ReturnType<typeof decide>>,
  day: string,
) {
  const { tx, tournament, registration, team, who, now } = step;
  const settings = await readRegistrationSettings(tx as Db);
  const amountCents = registrationAmountCents(settings.team_price, 1);
  const created = await insertRegistration(tx, deps.audit, who, {
    userId: registration.userId,
    registrantName: registration.registrantName,
    registrantEmail: registration.registrantEmail,
    registrantPhone: registration.registrantPhone,
    schoolName: registration.schoolName,
    schoolId: registration.schoolId,
    teams: [team],
    consent: [decided.consent],
    amountCents,
    now,
    lateEntry: true,
  });
  const entered = (await loadRegistration(tx as Db, created.id))!;
  let waiting = 0;
  for (const entry of entered.teams[0]!.players) {
    if (isConsentPending(entry, day)) {
      waiting += 1;
      continue;
    }
    await enterPupil(tx, {
      tournament,
      state: decided.state,
      schoolId: registration.schoolId,
      teamName: team.name.trim(),
      entry,
      missedRoundBye: decided.decision.missedRoundBye,
    });
  }
  const sentence = ROSTER_CHANGE_MESSAGES.lateTeamEntered(
    team.name.trim(),
    decided.decision.joinsRound,
    created.reference,
    formatEuro(amountCents),
    waiting,
  );
  await recordRosterChange(tx, { schoolId: registration.schoolId, actorId: who.actorId, sentence });
  const afterCommit = async () => {
    const fresh = (await loadRegistration(deps.db, created.id))!;
    const accessToken = deps.keys.accessToken(created.id);
    await deps.mailer
      .send(
        registrationConfirmationMail({
          registration: fresh,
          teamsUrl: `${deps.publicUrl}/registration/teams/${created.id}#token=${accessToken}`,
          statusUrl: `${deps.publicUrl}/registration/status`,
          editableUntil: null,
          pendingConsent: toSummary(fresh, settings, deps.now(), day).pendingConsentCount,
        }),
      )
      .catch(() => undefined);
    await requestGuardianConsent(deps, fresh, { actorId: who.actorId, eventName: tournament.name }).catch(
      () => 0,
    );
  };
  return { sentence, created, afterCommit };
}

/** A late team entered by an arbiter accepting a teacher's request (roster-requests.service.ts). */
export async function lateTeamForArbiter(
  deps: RosterChangesDeps,
  step: Omit<LateTeamStep, 'byArbiter' | 'now'>,
) {
  const full: LateTeamStep = { ...step, byArbiter: true, now: deps.now() };
  const day = await tournamentDay(step.tx as Db, full.now);
  return applyLateTeam(deps, full, await decide(full, day), day);
}

export async function enterLateTeam(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
  body: RosterLateTeamBody,
): Promise<RosterChangeResponse & { waitsForArbiter: boolean }> {
  const { registration, tournament, notice, rules } = await context(deps, caller, registrationId);
  if (!tournament) throw new HttpError(409, notice);
  const now = deps.now();
  const day = await tournamentDay(deps.db, now);
  const who: AuditContext = { actorId: caller.actor?.userId ?? null, ip: caller.ip };
  const outcome = await deps.db.transaction(async (tx) => {
    const step: LateTeamStep = {
      tx,
      rules,
      tournament,
      registration,
      team: body.team,
      who,
      now,
      byArbiter: false,
    };
    const decided = await decide(step, day);
    if (decided.decision.mode === 'request') {
      const reason = body.reason?.trim() ?? '';
      if (reason === '') throw new HttpError(400, ROSTER_CHANGE_MESSAGES.reasonNeeded);
      const details = {
        tournamentId: tournament.id,
        by: 'teacher',
        registrationId,
        schoolId: registration.schoolId,
      };
      const said = await queueRequest(
        deps,
        { tx, registration, tournament, who, details, playerId: null },
        {
          kind: 'team',
          pupil: { team: body.team },
          summary: ROSTER_CHANGE_MESSAGES.lateTeamAsked(body.team.name.trim()),
          reason,
        },
      );
      await recordRosterChange(tx, {
        schoolId: registration.schoolId,
        actorId: who.actorId,
        sentence: said.activity,
      });
      return { message: said.message, entered: null };
    }
    const done = await applyLateTeam(deps, step, decided, day);
    return { message: done.sentence, entered: done };
  });
  await outcome.entered?.afterCommit();
  const roster = await buildRoster(deps, rules, registration, tournament, null);
  const created = outcome.entered?.created;
  return {
    message: outcome.message,
    roster,
    waitsForArbiter: outcome.entered === null,
    lateTeam: created
      ? {
          registrationId: created.id,
          reference: created.reference,
          accessToken: deps.keys.accessToken(created.id),
        }
      : null,
  };
}
