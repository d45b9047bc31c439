import { and, eq, isNull } from 'drizzle-orm';
import { ROSTER_RULES_SETTING_KEY } from '../../../contracts/roster-changes';
import type { PublicNameDisplay } from '../../../domain/public-names';
import { isConsentPending } from '../../../domain/registration';
import type { TournamentState } from '../../../domain/tournament';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { players, roundByes } from '../../db/schema/tournaments';
import { isAddedTo } from '../registrations/registration-records';
import { findOrCreateTeam } from '../schools/school-records';
import { readSettingValue } from '../settings/settings.service';
import { findActiveTournament, type TournamentRow } from '../tournament/active-tournament';
import { lockNextOpenRound, openRounds } from './roster-writes';

/**
 * A pupil entering the tournament on the day (issue #30): a teacher's substitute, once their guardian has
 * confirmed (or at once when no consent is needed). They join the team's record at the first round not paired
 * yet — the caller holds that round's lock, so its pairing either has them or was made before; each round
 * already paired scores the roster rules' points for a missed round (`missedRoundBye`: 0, or a ½-point bye).
 * Returns the new player's id, or null when every round is paired (nothing left to join: the entry waits).
 */
export async function enterPupil(
  tx: Tx,
  input: {
    tournament: TournamentRow;
    /** The state as read under the lock of its first round not paired yet (`lockNextOpenRound`). */
    state: TournamentState;
    schoolId: string;
    teamName: string;
    entry: { id: string; name: string; publicNameDisplay: PublicNameDisplay | null };
    missedRoundBye: 'zero' | 'half';
  },
): Promise<string | null> {
  const { tournament, state } = input;
  const joins = openRounds(state)[0];
  if (!joins) return null;
  const team = await findOrCreateTeam(tx as Db, tournament.id, input.schoolId, input.teamName);
  const [inserted] = await tx
    .insert(players)
    .values({
      tournamentId: tournament.id,
      name: input.entry.name,
      groupName: input.teamName,
      teamId: team?.id ?? null,
      schoolId: input.schoolId,
      publicNameDisplay: input.entry.publicNameDisplay,
    })
    .returning({ id: players.id });
  const playerId = inserted!.id;
  // A missed round scoring 0 needs no row: the pupil was simply not in it (as for a team added late). One
  // scoring ½ is a half-point bye, which the standings, the lookup and the TRF count.
  const missed = input.missedRoundBye === 'half' ? missedRoundsOf(state, joins.number) : [];
  if (missed.length > 0) {
    await tx.insert(roundByes).values(
      missed.map((round) => ({
        tournamentId: tournament.id,
        roundId: round.id,
        roundNumber: round.number,
        playerId,
        kind: input.missedRoundBye,
      })),
    );
  }
  await tx
    .update(registrationTeamPlayers)
    .set({ playerId })
    .where(eq(registrationTeamPlayers.id, input.entry.id));
  return playerId;
}

const missedRoundsOf = (state: TournamentState, joinsRound: number) =>
  state.rounds.filter((round) => round.number < joinsRound);

/**
 * After a guardian confirms: an entry the school's teacher made on the day (a substitute, or a pupil of a late
 * team) of a registration added to the active tournament enters it now, with the roster rules' points for each
 * round missed. Any other entry waits for staff to add it, as before (promotion). Returns the new player's id,
 * or null when nothing was entered.
 */
export async function enterConfirmedDayEntry(tx: Tx, entryId: string, day: string): Promise<string | null> {
  const [row] = await tx
    .select({ entry: registrationTeamPlayers, teamName: registrationTeams.name, registration: registrations })
    .from(registrationTeamPlayers)
    .innerJoin(registrationTeams, eq(registrationTeams.id, registrationTeamPlayers.teamId))
    .innerJoin(registrations, eq(registrations.id, registrationTeams.registrationId))
    .where(and(eq(registrationTeamPlayers.id, entryId), isNull(registrationTeamPlayers.replacedAt)));
  if (!row?.entry.enteredOnTheDay || row.entry.playerId !== null) return null;
  if (isConsentPending(row.entry, day)) return null;
  const tournament = await findActiveTournament(tx as Db);
  if (!tournament || !isAddedTo(row.registration, tournament)) return null;
  const rules = await readSettingValue(tx as Db, ROSTER_RULES_SETTING_KEY);
  return enterPupil(tx, {
    tournament,
    state: await lockNextOpenRound(tx, tournament),
    schoolId: row.registration.schoolId,
    teamName: row.teamName,
    entry: row.entry,
    missedRoundBye: rules.lateEntryMissedRound,
  });
}
