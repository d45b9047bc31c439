import { countOf } from '../domain/plural';
import { PLAYERS_PER_TEAM } from '../domain/registration';
import type { RosterRefusal, RosterRules } from '../domain/roster-changes';
import { lateEntryLastRound } from '../domain/roster-changes';

/**
 * What a refused roster change says (issue #30): each sentence names the rule, with the tournament's own
 * numbers, so a teacher knows why and what is still possible.
 */
export function rosterRefusalMessage(
  refusal: RosterRefusal,
  rules: RosterRules,
  context: { roundNumber?: number; totalRounds: number },
): string {
  const round = context.roundNumber === undefined ? 'this round' : `round ${context.roundNumber}`;
  const messages: Record<RosterRefusal, string> = {
    'no-such-round': `There is no ${round} in this tournament.`,
    'round-paired': `Changes for ${round} were possible until it was paired. Ask an arbiter.`,
    withdrawn: 'This pupil has withdrawn from the tournament.',
    'bye-already-requested': `A bye is already requested for ${round}.`,
    'no-bye-requested': `No bye is requested for ${round}.`,
    'final-round-bye': 'No half-point bye can be requested for the final round once round 1 has started.',
    'half-bye-limit': `Each pupil may have ${countOf(rules.halfPointByesPerPlayer, 'half-point bye')}; further byes score 0 points.`,
    'not-withdrawn': 'This pupil has not withdrawn.',
    'withdrawal-paired': `The withdrawal can be undone by the teacher until ${round} is paired. Ask an arbiter.`,
    'late-entry-closed': `Late entries are taken until round ${lateEntryLastRound(rules, context.totalRounds)} is paired.`,
    'team-full': `A team has ${PLAYERS_PER_TEAM} players: replace one instead.`,
    'plays-for-another-school': 'This pupil already plays for another school.',
    'already-in-team': 'This pupil is already in the team.',
    'already-entered': 'This pupil is already entered for your school.',
  };
  return messages[refusal];
}

/**
 * The roster rules in plain words, for parents and teachers: the public "how the day works" page, the teacher's
 * page and the arbiter's form all show these sentences, so the rule stated is the rule applied.
 * `totalRounds` null: no tournament is running, and the late-entry round is named by its rule.
 */
export function rosterRulesSentences(rules: RosterRules, totalRounds: number | null): string[] {
  const halves = rules.halfPointByesPerPlayer;
  const lateUntil =
    totalRounds !== null
      ? `round ${lateEntryLastRound(rules, totalRounds)}`
      : rules.lateEntryUntilRound !== null
        ? `round ${rules.lateEntryUntilRound}`
        : 'the middle round';
  return [
    halves > 0
      ? `Each pupil may request ${countOf(halves, 'half-point bye')} (½ point, no game) for a round not yet paired; further requested byes score 0 points.`
      : 'A requested bye scores 0 points: the pupil sits the round out.',
    ...(rules.finalRoundByeAfterStart
      ? []
      : ['No half-point bye can be requested for the final round once round 1 has started.']),
    'A requested bye can be taken back until its round is paired. The standings show it as a requested bye, never as an absence.',
    'A pupil who has to leave is withdrawn from the next round to be paired: the games already played count, and the pupil is not paired again. The teacher can undo it until that round is paired; after that, ask an arbiter.',
    `Late entries are taken until ${lateUntil} is paired; each round missed scores ${rules.lateEntryMissedRound === 'half' ? '½ point' : '0 points'}.`,
    `Names lock ${countOf(rules.namesLockHours, 'hour')} before the event; on the day a substitute can be named until ${countOf(rules.roundLockMinutes, 'minute')} before the next round's start time (until it is paired, when it has none). After a lock, the teacher's page sends the change to an arbiter, who decides; the teacher is told by e-mail.`,
    'A substitute needs the same details and guardian consent as at registration, and plays once the parent or guardian has confirmed by e-mail. The pupil replaced keeps the games already played.',
  ];
}

/** What the teacher's roster page says when a change is taken, or why there is nothing to change yet. */
export const ROSTER_CHANGE_MESSAGES = {
  notAdded:
    'Your teams are not in the tournament yet. Staff add paid registrations before the event; come back then to request byes or withdraw a pupil.',
  noActiveTournament: 'There is no tournament running at the moment.',
  unknownPupil: 'This pupil is not in your registration.',
  byeRequested: (name: string, round: number, kind: 'half' | 'zero') =>
    `${kind === 'half' ? 'Half-point' : 'Zero-point'} bye requested for ${name} in round ${round}.`,
  byeTakenBack: (name: string, round: number) => `The bye of ${name} in round ${round} is taken back.`,
  withdrawn: (name: string, round: number | null) =>
    round === null ? `${name} is withdrawn.` : `${name} is withdrawn from round ${round} on.`,
  returned: (name: string) => `${name} is back in the tournament and will be paired in the next round.`,
  substituted: (incoming: string, leaving: string, round: number, waitsForConsent: boolean) =>
    `${incoming} takes the place of ${leaving} from round ${round}.` +
    (waitsForConsent
      ? ` ${incoming} plays once their parent or guardian confirms by the link we e-mailed them.`
      : ''),
  substitutionAsked: (incoming: string, leaving: string) => `${incoming} to take the place of ${leaving}`,
  returnAsked: (name: string) => `${name} to come back into the tournament`,
  lateTeamAsked: (team: string) => `late team ${team} to join the tournament`,
  lateTeamEntered: (team: string, round: number, reference: string, price: string, waiting: number) =>
    `${team} joins the tournament from round ${round} (registration ${reference}, ${price} to pay now or later).` +
    (waiting > 0
      ? ` ${waiting === 1 ? 'One pupil plays' : `${waiting} pupils play`} once their parent or guardian confirms by the link we e-mailed them.`
      : ''),
  requestSent: (summary: string) =>
    `Names are locked, so your request (${summary}) waits for an arbiter. We will e-mail you the answer.`,
  /** On the school's CRM card and in the audit trail: what was asked of an arbiter, and why. */
  requestActivity: (summary: string, reason: string) => `Asked an arbiter: ${summary} (reason: ${reason})`,
  refusalActivity: (summary: string, note: string) => `An arbiter refused: ${summary} (note: ${note})`,
  reasonNeeded: 'Names are locked now: say why the change is needed, so the arbiter can decide.',
  requestPending: 'A request about this pupil already waits for an arbiter.',
  returnStillYours: 'You can still undo this withdrawal yourself: use "Undo withdrawal".',
  unknownRequest: 'This request does not exist.',
  requestDecided: 'This request has already been decided.',
  requestOtherTournament: 'This request was for a tournament that is no longer running.',
  refusalNoteNeeded: 'Say why the request is refused: the teacher is told by e-mail.',
  requestAccepted: (summary: string) => `Accepted: ${summary}. The teacher is told by e-mail.`,
  requestRefused: (summary: string) => `Refused: ${summary}. The teacher is told by e-mail.`,
  rulesSaved: 'Roster rules saved.',
  rulesReset: 'Roster rules reset to the defaults.',
} as const;
