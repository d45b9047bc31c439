import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  ROSTER_CHANGE_MESSAGES,
  rosterRefusalMessage,
  rosterRulesSentences,
} from '../../../contracts/roster-change-messages';
import type {
  RosterByeBody,
  RosterChangeResponse,
  RosterChanges,
  RosterPupil,
} from '../../../contracts/roster-changes';
import { ROSTER_RULES_SETTING_KEY, TEACHER_BYE_KINDS } from '../../../contracts/roster-changes';
import { eventDayOf } from '../../../domain/event-day';
import {
  decideByeRequest,
  decideByeWithdrawal,
  decideLateEntry,
  decideReturn,
  decideSubstitution,
  decideWithdrawal,
  type LockState,
  type RosterRefusal,
  type RosterRound,
  type RosterRules,
  rosterLockNow,
  rosterRoundsOf,
} from '../../../domain/roster-changes';
import type { TournamentState } from '../../../domain/tournament';
import type { AuditContext, Tx } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { followKeyOf, pushKeysOf } from '../../core/follows/push-keys';
import type { PlayerRow } from '../../core/players/player-records';
import {
  deleteBye,
  lockNextOpenRound,
  lockOpenRound,
  type OpenRoundRefusals,
  putBye,
  writeReturn,
  writeWithdrawal,
} from '../../core/players/roster-writes';
import { schoolPack } from '../../core/prizes/certificates';
import {
  authorisedRegistration,
  isAddedTo,
  readRegistrationSettings,
} from '../../core/registrations/registration-records';
import type { RegistrationKeys } from '../../core/registrations/registration-security';
import { loadRegistration, type RegistrationWithTeams } from '../../core/registrations/registrations.repo';
import { recordRosterChange } from '../../core/schools/school-activity';
import { readSettingValue } from '../../core/settings/settings.service';
import { findActiveTournament, type TournamentRow } from '../../core/tournament/active-tournament';
import { loadPublicTournamentData } from '../../core/tournament/tournament.repo';
import { loadTournamentState } from '../../core/tournament/tournament-state.loader';
import type { Db } from '../../db/client';
import { registrationTeamPlayers, rosterRequests } from '../../db/schema/registrations';
import { players } from '../../db/schema/tournaments';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';

export interface RosterChangesDeps extends AuditedDb {
  keys: RegistrationKeys;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}

/** Who asks: the signed-in owner, or whoever holds the registration's mailed link (its access token). */
export interface RosterCaller {
  actor: Actor | null;
  token: string | undefined;
  ip: string;
}

/**
 * The registration behind the page, the tournament it was added to (or why there is none), and the rules a
 * teacher's changes follow: the `roster_rules` setting, which arbiters set on /admin/roster-rules.
 */
export async function context(deps: RosterChangesDeps, caller: RosterCaller, registrationId: string) {
  const registration = await authorisedRegistration(deps, caller.actor, registrationId, caller.token);
  const tournament = await findActiveTournament(deps.db);
  const rules = await readSettingValue(deps.db, ROSTER_RULES_SETTING_KEY);
  if (tournament !== null && isAddedTo(registration, tournament)) {
    return { registration, tournament, notice: null, rules };
  }
  const notice = tournament ? ROSTER_CHANGE_MESSAGES.notAdded : ROSTER_CHANGE_MESSAGES.noActiveTournament;
  return { registration, tournament: null, notice, rules };
}

/** The tournament players entered through this registration, by their registration entry. */
export async function pupilsOf(db: Db | Tx, registration: RegistrationWithTeams, tournamentId: string) {
  const ids = registration.teams.flatMap((team) =>
    team.players.flatMap((entry) => (entry.playerId ? [entry.playerId] : [])),
  );
  if (ids.length === 0) return new Map<string, PlayerRow>();
  const rows = await db
    .select()
    .from(players)
    .where(and(inArray(players.id, ids), eq(players.tournamentId, tournamentId)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A refused round in the roster rules' words (whom to ask, not what staff do). */
function rosterRefusals(rules: RosterRules, tournament: TournamentRow): OpenRoundRefusals {
  const say = (refusal: RosterRefusal) => (round: number) =>
    rosterRefusalMessage(refusal, rules, { totalRounds: tournament.totalRounds, roundNumber: round });
  return { notFound: say('no-such-round'), started: say('round-paired'), paired: say('round-paired') };
}

/** The lock of a round not paired yet, refused in the roster rules' words. */
function lockRound(tx: Tx, rules: RosterRules, tournament: TournamentRow, roundNumber: number) {
  return lockOpenRound(tx, tournament.id, roundNumber, rosterRefusals(rules, tournament));
}

export function refuse(
  rules: RosterRules,
  refusal: RosterRefusal,
  state: TournamentState,
  roundNumber?: number,
): never {
  const status = refusal === 'no-such-round' ? 400 : 409;
  throw new HttpError(
    status,
    rosterRefusalMessage(refusal, rules, {
      totalRounds: state.totalRounds,
      ...(roundNumber === undefined ? {} : { roundNumber }),
    }),
  );
}

const requestedByesOf = (state: TournamentState, playerId: string) =>
  state.byes
    .filter((bye) => bye.playerId === playerId && bye.kind !== 'pairing')
    .map((bye) => ({ roundNumber: bye.roundNumber, kind: bye.kind as 'half' | 'zero' | 'full' }));

/** What the page needs besides the pupil: the names lock, the team's pupils playing, requests waiting. */
interface PupilFrame {
  rules: RosterRules;
  state: TournamentState;
  rounds: readonly RosterRound[];
  lock: LockState;
  teamActive: number;
  schoolId: string;
  pending: Map<string, string>;
}

function toPupil(player: PlayerRow, board: number, frame: PupilFrame): RosterPupil {
  const { rules, state, rounds } = frame;
  const requested = requestedByesOf(state, player.id);
  const open = rounds.filter((round) => round.isOpen);
  const decideReturnNow = () =>
    player.withdrawnFromRound !== null &&
    decideReturn({ rounds, fromRound: player.withdrawnFromRound, isActive: player.active, by: 'teacher' }).ok;
  return {
    id: player.id,
    name: player.name,
    board,
    active: player.active,
    withdrawnFromRound: player.active ? null : player.withdrawnFromRound,
    canReturn: !player.active && decideReturnNow(),
    canAskReturn:
      !player.active &&
      !decideReturnNow() &&
      !frame.pending.has(player.id) &&
      decideReturn({ rounds, fromRound: player.withdrawnFromRound ?? 1, isActive: false, by: 'arbiter' }).ok,
    canSubstitute:
      !frame.pending.has(player.id) &&
      decideSubstitution(rules, {
        rounds,
        lock: frame.lock,
        replacedIsActive: player.active,
        teamActive: frame.teamActive,
        playsForSchoolId: null,
        isInTeam: false,
        schoolId: frame.schoolId,
      }).ok,
    pendingRequest: frame.pending.get(player.id) ?? null,
    canWithdraw:
      open[0] !== undefined &&
      decideWithdrawal({ rounds, fromRound: open[0].number, isActive: player.active }).ok,
    byes: requested.map((bye) => ({
      ...bye,
      canTakeBack: decideByeWithdrawal({ rounds, roundNumber: bye.roundNumber, hasRequest: true }).ok,
    })),
    byeOptions: open
      .filter((round) => !requested.some((bye) => bye.roundNumber === round.number))
      .map((round) => ({
        roundNumber: round.number,
        kinds: TEACHER_BYE_KINDS.filter(
          (kind) =>
            decideByeRequest(rules, {
              rounds,
              roundNumber: round.number,
              kind,
              isActive: player.active,
              requested,
            }).ok,
        ),
      }))
      .filter((option) => option.kinds.length > 0),
  };
}

/** The names lock now, from the rounds as they stand (rosterLockNow in the domain). */
export function namesLockOf(
  rules: RosterRules,
  state: TournamentState,
  tournament: TournamentRow,
  now: Date,
) {
  const rounds = rosterRoundsOf(state);
  return rosterLockNow(rules, {
    now,
    rounds: rounds.map((round) => ({
      ...round,
      startTime: state.rounds.find((row) => row.number === round.number)?.startTime ?? null,
    })),
    startDate: tournament.startDate,
  });
}

/** The team's pupils who play: entries whose pupil is active, and substitutes still waiting for consent. */
export function teamActiveCount(
  team: RegistrationWithTeams['teams'][number],
  pupils: ReadonlyMap<string, PlayerRow>,
): number {
  return team.players.filter(
    (entry) => entry.playerId === null || pupils.get(entry.playerId)?.active === true,
  ).length;
}

export async function buildRoster(
  deps: RosterChangesDeps,
  rules: RosterRules,
  registration: RegistrationWithTeams,
  tournament: TournamentRow | null,
  notice: string | null,
): Promise<RosterChanges> {
  const { db } = deps;
  const empty: RosterChanges = {
    registrationId: registration.id,
    schoolName: registration.schoolName,
    tournamentName: tournament?.name ?? null,
    notice,
    ruleSentences: rosterRulesSentences(rules, tournament?.totalRounds ?? null),
    rounds: [],
    nextRound: null,
    namesLock: { open: false, until: null, since: null },
    lateTeam: { open: false, joinsRound: null, priceCents: 0 },
    tournamentDay: tournament?.startDate ?? eventDayOf(deps.now()),
    teams: [],
    requests: [],
  };
  if (!tournament) return empty;
  const { followKeySecret } = await pushKeysOf(db);
  const state = await loadTournamentState(db, tournament);
  const rounds = rosterRoundsOf(state);
  const pupils = await pupilsOf(db, registration, tournament.id);
  const requests = await requestsOf(db, registration.id, tournament.id);
  const pending = new Map(
    requests.flatMap((request) =>
      request.status === 'pending' && request.playerId !== null
        ? [[request.playerId, request.summary] as const]
        : [],
    ),
  );
  const lock = namesLockOf(rules, state, tournament, deps.now());
  const replaced = await replacedEntriesOf(db, registration);
  return {
    ...empty,
    // The teacher follows their school from this page (ADR 045).
    schoolFollowKey: followKeyOf(followKeySecret, 'school', registration.schoolId),
    rounds: state.rounds.map((round) => ({
      number: round.number,
      isOpen: rounds.find((r) => r.number === round.number)?.isOpen ?? false,
      startTime: round.startTime?.toISOString() ?? null,
    })),
    nextRound: rounds.find((round) => round.isOpen)?.number ?? null,
    namesLock: lock.open
      ? { open: true, until: lock.until?.toISOString() ?? null, since: null }
      : { open: false, until: null, since: lock.since.toISOString() },
    lateTeam: await lateTeamOffer(db, rules, rounds),
    teams: registration.teams.map((team) => {
      const frame: PupilFrame = {
        rules,
        state,
        rounds,
        lock,
        teamActive: teamActiveCount(team, pupils),
        schoolId: registration.schoolId,
        pending,
      };
      const earlier = replaced.filter((entry) => entry.teamId === team.id);
      return {
        name: team.name,
        pupils: team.players.flatMap((entry) => {
          const player = entry.playerId ? pupils.get(entry.playerId) : undefined;
          return player ? [toPupil(player, entry.position, frame)] : [];
        }),
        waiting: team.players
          .filter((entry) => entry.playerId === null)
          .map((entry) => ({
            name: entry.name,
            replaces: earlier.find((old) => old.id === entry.replacesEntryId)?.name ?? null,
          })),
        replaced: earlier.filter((entry) => entry.playerId !== null).map((entry) => ({ name: entry.name })),
      };
    }),
    requests: requests.map((request) => ({
      id: request.id,
      summary: request.summary,
      reason: request.reason,
      status: request.status,
      decisionNote: request.decisionNote,
      createdAt: request.createdAt.toISOString(),
    })),
  };
}

/** Whether a late team is still taken, from which round, at the registration's team price. */
async function lateTeamOffer(db: Db, rules: RosterRules, rounds: readonly RosterRound[]) {
  const entry = decideLateEntry(rules, rounds);
  const { team_price: priceCents } = await readRegistrationSettings(db);
  return { open: entry.ok, joinsRound: entry.ok ? entry.joinsRound : null, priceCents };
}

/** The entries of this registration a substitute replaced, oldest first. */
async function replacedEntriesOf(db: Db, registration: RegistrationWithTeams) {
  const teamIds = registration.teams.map((team) => team.id);
  if (teamIds.length === 0) return [];
  return db
    .select()
    .from(registrationTeamPlayers)
    .where(
      and(inArray(registrationTeamPlayers.teamId, teamIds), isNotNull(registrationTeamPlayers.replacedAt)),
    )
    .orderBy(asc(registrationTeamPlayers.replacedAt));
}

/** The school's requests to an arbiter in this tournament, newest first. */
export function requestsOf(db: Db | Tx, registrationId: string, tournamentId: string) {
  return db
    .select()
    .from(rosterRequests)
    .where(
      and(eq(rosterRequests.registrationId, registrationId), eq(rosterRequests.tournamentId, tournamentId)),
    )
    .orderBy(desc(rosterRequests.createdAt));
}

export async function readRoster(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
): Promise<RosterChanges> {
  const { registration, tournament, notice, rules } = await context(deps, caller, registrationId);
  return buildRoster(deps, rules, registration, tournament, notice);
}

/**
 * The school's pack (ADR 043): its pupils' results and certificates as one PDF, for the teacher to print. Only the
 * pupils entered through this registration, in the tournament it was added to.
 */
export async function schoolPackOf(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
): Promise<{ pdf: Buffer; school: string }> {
  const { registration, tournament, notice } = await context(deps, caller, registrationId);
  if (!tournament) throw new HttpError(409, notice ?? ROSTER_CHANGE_MESSAGES.notAdded);
  const pupils = await pupilsOf(deps.db, registration, tournament.id);
  const data = await loadPublicTournamentData(deps.db);
  const school = registration.schoolName;
  return { pdf: await schoolPack(data, new Set(pupils.keys()), school), school };
}

export interface ChangeStep {
  tx: Tx;
  registration: RegistrationWithTeams;
  player: PlayerRow;
  tournament: TournamentRow;
  rules: RosterRules;
  who: AuditContext;
  /** The audit row's details every change carries. */
  details: Record<string, unknown>;
}

/** What a change says to the teacher, and (when it differs) what the school's CRM card records. */
export interface ChangeSaid {
  message: string;
  activity: string;
}

/**
 * One change for one pupil of the registration, in one transaction with its audit row: the pupil must be the
 * registration's, in the tournament it was added to. `change` decides with the roster rules and writes.
 */
export async function changePupil(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  { registrationId, playerId }: { registrationId: string; playerId: string },
  change: (step: ChangeStep) => Promise<string | ChangeSaid>,
): Promise<RosterChangeResponse> {
  const { registration, tournament, notice, rules } = await context(deps, caller, registrationId);
  if (!tournament) throw new HttpError(409, notice);
  const message = await deps.db.transaction(async (tx) => {
    const player = (await pupilsOf(tx, registration, tournament.id)).get(playerId);
    if (!player) throw new HttpError(404, ROSTER_CHANGE_MESSAGES.unknownPupil);
    const who: AuditContext = { actorId: caller.actor?.userId ?? null, ip: caller.ip };
    // The audit row says it was the school's teacher, and for which school; the school's CRM card shows it too.
    const details = {
      playerId,
      tournamentId: tournament.id,
      by: 'teacher',
      registrationId: registration.id,
      schoolId: registration.schoolId,
    };
    const said = await change({ tx, registration, player, tournament, rules, who, details });
    const { message, activity } = typeof said === 'string' ? { message: said, activity: said } : said;
    await recordRosterChange(tx, {
      schoolId: registration.schoolId,
      actorId: who.actorId,
      sentence: activity,
    });
    return message;
  });
  // Read again: a substitution changes the registration's entries.
  const changed = (await loadRegistration(deps.db, registration.id)) ?? registration;
  return { message, roster: await buildRoster(deps, rules, changed, tournament, null) };
}

export function requestBye(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
  body: RosterByeBody,
): Promise<RosterChangeResponse> {
  return changePupil(
    deps,
    caller,
    { registrationId, playerId: body.playerId },
    async ({ tx, player, tournament, rules, who, details }) => {
      const { round, state } = await lockRound(tx, rules, tournament, body.roundNumber);
      const decision = decideByeRequest(rules, {
        rounds: rosterRoundsOf(state),
        roundNumber: body.roundNumber,
        kind: body.kind,
        isActive: player.active,
        requested: requestedByesOf(state, player.id),
      });
      if (!decision.ok) refuse(rules, decision.refusal, state, body.roundNumber);
      await putBye(tx, round, player.id, decision.kind);
      const message = ROSTER_CHANGE_MESSAGES.byeRequested(player.name, round.number, decision.kind);
      await deps.audit.logChange(tx, who, 'request_bye', message, {
        ...details,
        roundNumber: round.number,
        kind: decision.kind,
      });
      return message;
    },
  );
}

export function takeBackBye(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
  playerId: string,
  roundNumber: number,
): Promise<RosterChangeResponse> {
  return changePupil(
    deps,
    caller,
    { registrationId, playerId },
    async ({ tx, player, tournament, rules, who, details }) => {
      const { round, state } = await lockRound(tx, rules, tournament, roundNumber);
      const hasRequest = requestedByesOf(state, player.id).some((bye) => bye.roundNumber === roundNumber);
      const decision = decideByeWithdrawal({ rounds: rosterRoundsOf(state), roundNumber, hasRequest });
      if (!decision.ok) refuse(rules, decision.refusal, state, roundNumber);
      const kind = await deleteBye(tx, round, player.id);
      const message = ROSTER_CHANGE_MESSAGES.byeTakenBack(player.name, roundNumber);
      await deps.audit.logChange(tx, who, 'remove_bye', message, { ...details, roundNumber, kind });
      return message;
    },
  );
}

/** The state read under the lock of the next open round, so a withdrawal never races that round's pairing. */
export function lockedState(tx: Tx, rules: RosterRules, tournament: TournamentRow): Promise<TournamentState> {
  return lockNextOpenRound(tx, tournament, rosterRefusals(rules, tournament));
}

export function withdraw(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
  playerId: string,
): Promise<RosterChangeResponse> {
  return changePupil(
    deps,
    caller,
    { registrationId, playerId },
    async ({ tx, player, tournament, rules, who, details }) => {
      const state = await lockedState(tx, rules, tournament);
      const rounds = rosterRoundsOf(state);
      const fromRound = rounds.find((round) => round.isOpen)?.number;
      if (fromRound === undefined) refuse(rules, 'round-paired', state);
      const decision = decideWithdrawal({ rounds, fromRound, isActive: player.active });
      if (!decision.ok) refuse(rules, decision.refusal, state, fromRound);
      await writeWithdrawal(tx, player, state);
      const message = ROSTER_CHANGE_MESSAGES.withdrawn(player.name, fromRound);
      await deps.audit.logChange(tx, who, 'withdraw_player', message, { ...details, fromRound });
      return message;
    },
  );
}

export function undoWithdrawal(
  deps: RosterChangesDeps,
  caller: RosterCaller,
  registrationId: string,
  playerId: string,
): Promise<RosterChangeResponse> {
  return changePupil(
    deps,
    caller,
    { registrationId, playerId },
    async ({ tx, player, tournament, rules, who, details }) => {
      const state = await lockedState(tx, rules, tournament);
      const fromRound = player.withdrawnFromRound;
      // Withdrawn by staff before any round could be named: only an arbiter brings the pupil back.
      if (fromRound === null && !player.active) refuse(rules, 'withdrawal-paired', state);
      const decision = decideReturn({
        rounds: rosterRoundsOf(state),
        fromRound: fromRound ?? 1,
        isActive: player.active,
        by: 'teacher',
      });
      if (!decision.ok) refuse(rules, decision.refusal, state, fromRound ?? undefined);
      await writeReturn(tx, player);
      const message = ROSTER_CHANGE_MESSAGES.returned(player.name);
      await deps.audit.logChange(tx, who, 'reactivate_player', message, { ...details, fromRound });
      return message;
    },
  );
}
