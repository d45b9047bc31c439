/**
 * What followers are told (issue 33, ADR 045), worked out from the public snapshot, so a message says exactly what
 * the public pages say: the same public names, boards, colours and opponents, nothing the leaderboard hides, no
 * prize while the prizes are embargoed. Pure: views in, messages out.
 */
import { BYE_LABELS } from '../../../contracts/byes';
import { FOLLOW_MESSAGES, type PushPayload } from '../../../contracts/follows';
import type { PlayerRound } from '../../../contracts/player-lookup';
import { pointsText } from '../../../domain/plural';
import { ordinal } from '../../../domain/prizes';
import { prizeOutcomes } from '../../core/tournament/prize-views';
import type { PublicViews } from '../../core/tournament/public-views';

/** Something a follower hears of once: its key is stored when announced, so one process announces it once. */
export type FollowEvent =
  | { kind: 'pairings'; round: number; key: string }
  | { kind: 'round-start'; round: number; key: string }
  | { kind: 'result'; round: number; board: number; key: string }
  | { kind: 'final'; key: string };

/** A message for one follower, with the topic a newer one of the same kind replaces. */
export interface FollowMessage extends PushPayload {
  topic: string;
}

/** A short, stable digest of text (the pairings of a round: changed pairings are announced again). */
function digest(text: string): string {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash.toString(36);
}

/**
 * How recent a start, a result or the end must be to be news: a follower is told what happens, not what happened
 * before the site saw it (a first start, a restart after a long stop).
 */
export const NEWS_WINDOW_MS = 30 * 60_000;

/**
 * The events the snapshot shows at `now`: the round shown's pairings while it waits to start, its start and its
 * results when recent, and the final standings when the last round has just ended.
 */
export function followEventsOf(views: PublicViews, now: number): FollowEvent[] {
  const { round, boards, byes } = views.currentRound();
  const events: FollowEvent[] = [];
  const isRecent = (at: string | Date | null | undefined) =>
    at !== null && at !== undefined && now - new Date(at).getTime() <= NEWS_WINDOW_MS;
  const resultTimes = views.resultTimes();
  if (round && boards.length + byes.length > 0) {
    const n = round.number;
    if (round.status === 'upcoming') {
      const shown = [
        ...boards.map((board) => `${board.board}:${board.white?.name}:${board.black?.name}`),
        ...byes.map((bye) => `${bye.player.name}:${bye.kind}`),
      ].join('|');
      events.push({ kind: 'pairings', round: n, key: `pairings:${n}:${digest(shown)}` });
    } else {
      if (isRecent(round.startTime)) events.push({ kind: 'round-start', round: n, key: `start:${n}` });
      for (const board of boards) {
        if (board.result !== null && isRecent(resultTimes.get(board.board))) {
          events.push({
            kind: 'result',
            round: n,
            board: board.board,
            key: `result:${n}:${board.board}:${board.result}`,
          });
        }
      }
    }
  }
  if (views.isFinal && isRecent(round?.endTime)) events.push({ kind: 'final', key: 'final' });
  return events;
}

const colourName = (colour: 'white' | 'black') => (colour === 'white' ? 'White' : 'Black');

/** "Ann Murphy: board 12, White v Cian Walsh" or "Ann Murphy: Half-point bye (½)". */
function boardLine(name: string, round: PlayerRound): string {
  if (round.bye) return `${name}: ${BYE_LABELS[round.bye]}`;
  const opponent = round.opponent ? ` v ${round.opponent.name}` : '';
  return `${name}: board ${round.board}, ${round.colour ? colourName(round.colour) : ''}${opponent}`;
}

const OUTCOME_WORDS = { win: 'won', draw: 'drew', loss: 'lost' } as const;

/** At most four lines, then "and 3 more". */
function linesText(lines: readonly string[]): string {
  const shown = lines.slice(0, 4);
  if (lines.length > shown.length) shown.push(FOLLOW_MESSAGES.more(lines.length - shown.length));
  return shown.join('\n');
}

/** The page a tap opens: the one player's lookup, or the standings when several are followed. */
function pageFor(names: readonly string[], fallback: string): string {
  return names.length === 1 ? `/player-lookup?name=${encodeURIComponent(names[0]!)}` : fallback;
}

/**
 * The message one follower gets for `event`, about the players they follow (directly or through their school),
 * or null when the event is not about any of them.
 */
export function messageFor(
  views: PublicViews,
  event: FollowEvent,
  playerIds: readonly string[],
): FollowMessage | null {
  const players = playerIds.flatMap((id) => {
    const row = views.playerRow(id);
    return row ? [{ id, name: row.name }] : [];
  });
  if (event.kind === 'final') return finalMessage(views, players);
  const current = players.flatMap((player) => {
    const round = views.currentRoundOf(player.id);
    return round ? [{ ...player, round }] : [];
  });
  if (event.kind === 'pairings' || event.kind === 'round-start') {
    if (current.length === 0) return null;
    const lines = current.map((entry) => boardLine(entry.name, entry.round));
    return {
      topic: event.kind,
      tag: event.kind,
      title:
        event.kind === 'pairings'
          ? FOLLOW_MESSAGES.pairingsTitle(event.round)
          : FOLLOW_MESSAGES.startTitle(event.round),
      body: linesText(lines),
      url: pageFor(
        current.map((entry) => entry.name),
        '/leaderboard',
      ),
    };
  }
  const onBoard = current.filter(
    (entry) => entry.round.board === event.board && entry.round.outcome !== null,
  );
  if (onBoard.length === 0) return null;
  const lines = onBoard.map(
    (entry) =>
      `${entry.name} ${OUTCOME_WORDS[entry.round.outcome!]}${entry.round.opponent ? ` v ${entry.round.opponent.name}` : ''} (board ${event.board})`,
  );
  return {
    topic: `result-${event.board}`,
    tag: `result-${event.round}-${event.board}`,
    title: FOLLOW_MESSAGES.resultTitle(event.round),
    body: linesText(lines),
    url: pageFor(
      onBoard.map((entry) => entry.name),
      '/leaderboard',
    ),
  };
}

/** The final standings of the followed players, and their prizes unless the prizes or the standings are hidden. */
function finalMessage(
  views: PublicViews,
  players: readonly { id: string; name: string }[],
): FollowMessage | null {
  if (players.length === 0) return null;
  const visible = views.leaderboardVisible;
  const ranks = new Map(views.standings().map((row) => [row.player.id, row.rank]));
  const prizes = new Map<string, string[]>();
  if (visible && !(views.tournamentRow?.prizesEmbargoed ?? false)) {
    const groups = views.sections.length > 0 ? views.sectionViews().map((entry) => entry.views) : [views];
    for (const group of groups) {
      for (const { bracket, outcome } of prizeOutcomes(group).brackets) {
        bracket.categories.forEach((category, index) => {
          for (const award of outcome.categories[index]!.awards) {
            const won = `${category.name} ${award.place <= category.places.length ? ordinal(award.place) : '(shared)'}`;
            prizes.set(award.playerId, [...(prizes.get(award.playerId) ?? []), won]);
          }
        });
      }
    }
  }
  const lines = players.map((player) => {
    const points = pointsText(views.scoreOf(player.id).halfPoints);
    const rank = visible ? ranks.get(player.id) : undefined;
    const won = prizes.get(player.id);
    return `${player.name}: ${rank ? `${ordinal(rank)}, ` : ''}${points}${won ? ` · ${won.join(', ')}` : ''}`;
  });
  return {
    topic: 'final',
    tag: 'final',
    title: FOLLOW_MESSAGES.finalTitle,
    body: linesText(lines),
    url:
      prizes.size > 0
        ? '/prizes'
        : pageFor(
            players.map((player) => player.name),
            '/leaderboard',
          ),
  };
}
