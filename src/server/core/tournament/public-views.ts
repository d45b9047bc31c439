import type { Announcement } from '../../../contracts/announcements';
import type { FollowTargetKind } from '../../../contracts/follows';
import { type HomeResponse, SAMPLE_BOARD_COUNT } from '../../../contracts/home';
import type { LeaderboardResponse, TiebreakValues } from '../../../contracts/leaderboard';
import type { PlayerDashboardResponse } from '../../../contracts/player-dashboard';
import type { PlayerLookupEntry, PlayerLookupResponse, PlayerRound } from '../../../contracts/player-lookup';
import { RETENTION_SETTING_KEY, readRetentionPeriods } from '../../../contracts/retention';
import type { RosterResponse } from '../../../contracts/roster';
import { rosterRulesSentences } from '../../../contracts/roster-change-messages';
import {
  type DayRulesResponse,
  ROSTER_RULES_SETTING_KEY,
  readRosterRules,
} from '../../../contracts/roster-changes';
import { readSafeControl, SAFE_CONTROL_SETTING_KEY } from '../../../contracts/safe-control';
import type { PublicSection } from '../../../contracts/sections';
import {
  type HomePageSettings,
  type RegistrationSettings,
  resolveHomePageSettings,
  resolveLeaderboardVisible,
  resolveRegistrationSettings,
  SETTING_KEYS,
} from '../../../contracts/settings';
import { readPlayerDashboardOpen } from '../../../contracts/settings-registry';
import type {
  Board,
  CurrentRoundResponse,
  PairingNotes,
  PublicPlayer,
  RecentMatch,
  RoundSummary,
  TournamentResponse,
} from '../../../contracts/tournament';
import type { NameLine } from '../../../contracts/venue-screens';
import {
  GEOLOCATION_URL_SETTING_KEY,
  geolocationServiceHost,
  readGeolocationUrl,
} from '../../../contracts/visitor-analytics';
import { nameMatches, normalizeName } from '../../../domain/names';
import { effectiveNameDisplay, formatPublicName } from '../../../domain/public-names';
import { randomSample } from '../../../domain/random-sample';
import { isRegistrationOpen } from '../../../domain/registration';
import { halfPointsFor, halfPointsForBye, outcomeFor } from '../../../domain/scoring/results';
import type { TiebreakKey } from '../../../domain/scoring/tiebreak-keys';
import { computeTournamentStats } from '../../../domain/stats';
import {
  displayedRound,
  isByeCounted,
  isFinal,
  isStarted,
  type PlayerScore,
  type Round,
  type StandingRow,
  scoreOf,
  scores,
  standings,
  standingsLabel,
  standingsProgress,
  type TeamStandingRow,
  type TournamentState,
  teamStandings,
} from '../../../domain/tournament';
import { type NamedLine, sortByName } from '../../../domain/venue-screens';
import type {
  MatchRow,
  PlayerRow,
  PublicTournamentData,
  PupilDetails,
} from '../../core/tournament/tournament.repo';
import { toTournamentState } from '../../core/tournament/tournament-state.loader';
import { followKeyOf } from '../follows/push-keys';
import { publicSection, rowsOfSection, type SectionRow, sectionsOf } from './sections';

export const RECENT_MATCHES_SHOWN = 3;
export const LOOKUP_MAX_PLAYERS = 10;

/**
 * Maps the active tournament's state (src/domain/tournament) to the public API's shapes (src/contracts):
 * which byes count, the round shown, scores and ranks are the domain's answers, never decided here. Only
 * allow-listed fields leave: names, teams and ratings; never user ids, e-mails or internal ids.
 */
export class PublicViews {
  private readonly playersById: Map<string, PlayerRow>;
  /** The tournament state, or null when there is no active tournament. */
  private readonly state: TournamentState | null;
  private standingsMemo: StandingRow[] | undefined;
  private teamsMemo: TeamStandingRow[] | undefined;
  private scoresMemo: Map<string, PlayerScore> | undefined;
  private displayedRoundMemo: Round | null | undefined;
  private pairedNamesMemo: PairedName[] | undefined;
  /** Boards without a result that players have reported (ADR 040): shown "Reported". */
  private reported: ReadonlySet<string>;

  /** Each player's full name, kept only to match a lookup typed in full (the rows carry the public name). */
  private readonly fullNames: Map<string, { normalized: string; restricted: boolean }>;
  private readonly data: PublicTournamentData;
  /** The rows as read (full names), for the views of each section. */
  private readonly stored: PublicTournamentData;
  private sectionViewsMemo: SectionViews[] | undefined;
  private followTargetsMemo: Map<string, { id: string; name: string }> | undefined;
  private readonly currentRoundMemo = new Map<string, PlayerRound | null>();

  constructor(stored: PublicTournamentData) {
    this.stored = stored;
    // ADR 036: every public answer is built from the players' public names, so no view can show more.
    const setting = stored.tournament?.publicNameDisplay ?? 'full';
    this.fullNames = new Map();
    const players = stored.players.map((player) => {
      const display = effectiveNameDisplay(setting, player.publicNameDisplay);
      this.fullNames.set(player.id, {
        normalized: normalizeName(player.name),
        restricted: display !== 'full',
      });
      return display === 'full' ? player : { ...player, name: formatPublicName(player.name, display) };
    });
    this.data = { ...stored, players };
    this.reported = stored.reportedMatchIds ?? new Set();
    this.playersById = new Map(players.map((player) => [player.id, player]));
    const { tournament } = this.data;
    this.state = tournament ? toTournamentState({ ...this.data, tournament }) : null;
  }

  /**
   * These views with another set of reported boards (ADR 040), everything else shared: a report from a phone
   * changes only which boards show "Reported", so the tournament's state and standings are not worked out again.
   */
  withReported(reportedMatchIds: ReadonlySet<string>): PublicViews {
    const copy: PublicViews = Object.assign(Object.create(PublicViews.prototype), this);
    copy.reported = reportedMatchIds;
    return copy;
  }

  /** The tournament these views show, if any. */
  get tournamentId(): string | null {
    return this.data.tournament?.id ?? null;
  }

  /** The active tournament's row (its prizes and their embargo, ADR 043), or null. */
  get tournamentRow(): PublicTournamentData['tournament'] {
    return this.data.tournament;
  }

  /** The event's sections in order (ADR 044); empty for an event that plays as one group. */
  get sections(): SectionRow[] {
    return sectionsOf(this.data);
  }

  /**
   * The views of each section, in order (ADR 044): its players, games and byes as if it were an event of its own,
   * with its prizes. Empty for an event without sections.
   */
  sectionViews(): SectionViews[] {
    this.sectionViewsMemo ??= this.sections.map((section) => ({
      section,
      views: new PublicViews(rowsOfSection(this.stored, section.id)),
    }));
    return this.sectionViewsMemo;
  }

  /** The public key a page follows a player or a school by (ADR 045), or undefined when follows are off. */
  followKey(kind: FollowTargetKind, id: string): string | undefined {
    const secret = this.data.followKeySecret;
    return secret ? followKeyOf(secret, kind, id) : undefined;
  }

  /** The player or school a follow key names, or null. */
  followTarget(kind: FollowTargetKind, key: string): { id: string; name: string } | null {
    this.followTargetsMemo ??= new Map(
      [
        ...this.data.players.map((player) => ({ kind: 'player' as const, id: player.id, name: player.name })),
        ...this.schools().map((school) => ({ kind: 'school' as const, id: school.id, name: school.name })),
      ].flatMap((target) => {
        const targetKey = this.followKey(target.kind, target.id);
        return targetKey
          ? [[`${target.kind}:${targetKey}`, { id: target.id, name: target.name }] as const]
          : [];
      }),
    );
    return this.followTargetsMemo.get(`${kind}:${key}`) ?? null;
  }

  /** The section a player plays in, as the public pages name it, or null (no sections, or not placed yet). */
  sectionOf(playerId: string): PublicSection | null {
    const sectionId = this.playersById.get(playerId)?.sectionId;
    const section = sectionId ? this.sections.find((candidate) => candidate.id === sectionId) : undefined;
    return section ? publicSection(section) : null;
  }

  /** The schools of the tournament's teams and players, by name. */
  schools(): { id: string; name: string }[] {
    return [...(this.data.schoolRows?.schools ?? [])]
      .map((school) => ({ id: school.id, name: school.name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }

  /** A pupil's date of birth and school year from their registration, when the prizes need them (ADR 043). */
  pupilDetails(playerId: string): PupilDetails | undefined {
    return this.data.pupilDetails?.get(playerId);
  }

  /** Every player as the public sees them (their public name), withdrawn players included. */
  get players(): readonly PlayerRow[] {
    return this.data.players;
  }

  /** A player as the public sees them (their public name), by id, withdrawn players included. */
  playerRow(playerId: string): PlayerRow | undefined {
    return this.playersById.get(playerId);
  }

  /** Whether every round is complete: results, standings and prizes are final (domain: isFinal). */
  get isFinal(): boolean {
    return this.state ? isFinal(standingsProgress(this.state)) : false;
  }

  get currentRoundNumber(): number {
    return this.data.tournament?.currentRound ?? 0;
  }

  /** Whether players may open their dashboard (the `player_dashboard_open` setting; staff always may). */
  get playerDashboardOpen(): boolean {
    return readPlayerDashboardOpen(this.data.settings.get(SETTING_KEYS.playerDashboardOpen));
  }

  get leaderboardVisible(): boolean {
    // The safe-control switch hides it too; its end time is written to the row, which rebuilds the snapshot.
    const hidden = readSafeControl(this.data.settings.get(SAFE_CONTROL_SETTING_KEY)).leaderboard_hidden.on;
    return !hidden && resolveLeaderboardVisible(this.data.settings.get(SETTING_KEYS.leaderboardVisible));
  }

  /**
   * The official standings: points, then the FIDE tie-breaks (C.07) in the tournament's stored order; players
   * level on all of them share a rank (listed by name; no rating is added unless the order has it). One order
   * for the leaderboard, the home page's leading players, lookup and the dashboard. While a round is in
   * progress its unfinished games are left out for both players, so tie-breaks are provisional.
   */
  standings(): StandingRow[] {
    // An event with sections ranks each section on its own, one after the other (ADR 044).
    this.standingsMemo ??= this.hasSections
      ? this.sectionViews().flatMap(({ views }) => views.standings())
      : this.state
        ? standings(this.state)
        : [];
    return this.standingsMemo;
  }

  teamStandings(): TeamStandingRow[] {
    this.teamsMemo ??= this.hasSections
      ? this.sectionViews().flatMap(({ views }) => views.teamStandings())
      : teamStandings(this.standings(), this.state ?? undefined);
    return this.teamsMemo;
  }

  private get hasSections(): boolean {
    return this.sections.length > 0;
  }

  /** A player's score as the standings count it, a withdrawn player's too (certificates, ADR 043). */
  scoreOf(playerId: string): PlayerScore {
    return scoreOf(this.scores(), playerId);
  }

  /** Every player's score, withdrawn players included (the standings leave them out). */
  private scores(): Map<string, PlayerScore> {
    this.scoresMemo ??= this.state ? scores(this.state) : new Map();
    return this.scoresMemo;
  }

  /** The round the public pages show as "this round" (domain: displayedRound). */
  private get currentRoundRow(): Round | undefined {
    if (this.displayedRoundMemo === undefined) {
      this.displayedRoundMemo = this.state ? displayedRound(this.state) : null;
    }
    return this.displayedRoundMemo ?? undefined;
  }

  /** The number of the round shown as "this round" (see currentRoundRow); 0 before any. */
  private get displayedRoundNumber(): number {
    return this.currentRoundRow?.number ?? this.currentRoundNumber;
  }

  /** The current round's public pairing notes, or null when it has none. */
  pairingNotes(): PairingNotes | null {
    const round = this.currentRoundRow;
    const notes = round ? [...round.pairingNotes] : [];
    return round && notes.length > 0 ? { roundNumber: round.number, notes } : null;
  }

  tournament(): TournamentResponse {
    const { tournament } = this.data;
    if (!tournament) return { tournament: null, stats: null };
    return {
      tournament: {
        name: tournament.name,
        venue: tournament.venue,
        description: tournament.description,
        startDate: tournament.startDate,
        endDate: tournament.endDate,
        currentRound: this.displayedRoundNumber,
        totalRounds: tournament.totalRounds,
        rounds: (this.state?.rounds ?? []).map(toRoundSummary),
      },
      stats: computeTournamentStats({
        activePlayerCount: this.data.players.filter((player) => player.active).length,
        currentRound: this.displayedRoundNumber,
        totalRounds: tournament.totalRounds,
        matches: this.data.matches.map((match) => ({
          roundNumber: match.roundNumber,
          hasResult: match.result !== null,
        })),
      }),
    };
  }

  currentRound(): CurrentRoundResponse {
    const round = this.currentRoundRow;
    if (!round) return { round: null, boards: [], byes: [], pairingNotes: [] };
    return {
      round: toRoundSummary(round),
      boards: this.data.matches
        .filter((match) => match.roundId === round.id)
        .sort((a, b) => a.boardNumber - b.boardNumber)
        .map((match) => this.toBoard(match)),
      byes: this.data.byes
        .filter((bye) => bye.roundId === round.id)
        .flatMap((bye) => {
          const player = this.publicPlayer(bye.playerId);
          return player ? [{ player, kind: bye.kind }] : [];
        }),
      pairingNotes: [...round.pairingNotes],
    };
  }

  /**
   * Everyone in the round shown as this round, one line each, sorted by the name as shown (ADR 042): their board
   * and colour, or their bye. The id stays on the server; it only orders namesakes the same way on every screen.
   */
  pairedNames(): PairedName[] {
    if (this.pairedNamesMemo) return this.pairedNamesMemo;
    const round = this.currentRoundRow;
    const lines: PairedName[] = [];
    const add = (playerId: string | null, line: Omit<NameLine, 'name' | 'team'>) => {
      const player = playerId ? this.playersById.get(playerId) : undefined;
      if (!player) return;
      lines.push({
        id: player.id,
        name: player.name,
        line: { name: player.name, team: player.groupName, ...line },
      });
    };
    if (round) {
      for (const match of this.data.matches) {
        if (match.roundId !== round.id) continue;
        add(match.whitePlayerId, { board: match.boardNumber, colour: 'white', bye: null });
        add(match.blackPlayerId, { board: match.boardNumber, colour: 'black', bye: null });
      }
      for (const bye of this.data.byes) {
        if (bye.roundId === round.id) add(bye.playerId, { board: null, colour: null, bye: bye.kind });
      }
    }
    this.pairedNamesMemo = sortByName(lines);
    return this.pairedNamesMemo;
  }

  /** When each board of the round shown got its result (the followers' announcer, ADR 045), by board number. */
  resultTimes(): Map<number, Date> {
    const round = this.currentRoundRow;
    return new Map(
      this.data.matches
        .filter((match) => match.roundId === round?.id && match.result !== null)
        .map((match) => [match.boardNumber, match.resultAt ?? match.updatedAt]),
    );
  }

  /** `count` finished games picked at random (`random` returns [0, 1)). */
  recentMatches(random: () => number, count = RECENT_MATCHES_SHOWN): RecentMatch[] {
    const finished = this.data.matches.filter((match) => match.result !== null);
    return randomSample(finished, count, random)
      .sort((a, b) => b.roundNumber - a.roundNumber || a.boardNumber - b.boardNumber)
      .map((match) => ({
        ...this.toBoard(match),
        finishedAt: (match.resultAt ?? match.updatedAt).toISOString(),
      }));
  }

  leaderboard(): LeaderboardResponse {
    const progress = this.state
      ? standingsProgress(this.state)
      : { afterRound: 0, inProgress: null, totalRounds: 0 };
    const afterRound = progress.afterRound;
    const standingsHeading = standingsLabel(progress);
    const tiebreakOrder = [...(this.state?.tiebreakOrder ?? [])];
    const pairingNotes = this.pairingNotes();
    if (!this.leaderboardVisible) {
      return {
        visible: false,
        afterRound,
        standingsHeading,
        tiebreakOrder,
        players: [],
        teams: [],
        pairingNotes,
      };
    }
    const rows = this.standings();
    return {
      visible: true,
      afterRound,
      standingsHeading,
      tiebreakOrder,
      pairingNotes,
      players: rows.map((row) => ({
        rank: row.rank,
        name: row.player.name,
        withdrawn: !row.player.active,
        groupName: row.player.groupName,
        rating: row.player.rating,
        halfPoints: row.halfPoints,
        wins: row.wins,
        draws: row.draws,
        losses: row.losses,
        byes: row.byes,
        tiebreaks: tiebreakValues(row, tiebreakOrder),
        ...this.sectionField(row.player.id),
      })),
      ...(this.hasSections ? { sections: this.sections.map(publicSection) } : {}),
      teams: this.teamStandings().map((team) => ({
        ...this.sectionField(team.members[0]?.playerId ?? ''),
        ...this.schoolFollowField(team.members[0]?.playerId),
        rank: team.rank,
        team: team.team,
        school: team.school,
        halfPoints: team.halfPoints,
        wins: team.wins,
        buchholz: team.buchholz,
        members: team.members.map((member) => ({
          name: member.name,
          halfPoints: member.halfPoints,
          counted: member.counted,
        })),
      })),
    };
  }

  /** `{ schoolFollowKey }` of a team's school (ADR 045), from one of its players; nothing when follows are off. */
  private schoolFollowField(playerId: string | undefined): { schoolFollowKey?: string } {
    const schoolId = playerId ? this.playersById.get(playerId)?.schoolId : null;
    const key = schoolId ? this.followKey('school', schoolId) : undefined;
    return key ? { schoolFollowKey: key } : {};
  }

  /** `{ section: slug }` for a player of a section, nothing otherwise (the leaderboard's rows). */
  private sectionField(playerId: string): { section?: string } {
    const section = this.sectionOf(playerId);
    return section ? { section: section.slug } : {};
  }

  /** The roster rules in words (the `roster_rules` setting), for the public "how the day works" page. */
  dayRules(): DayRulesResponse {
    const rules = readRosterRules(this.data.settings.get(ROSTER_RULES_SETTING_KEY));
    return { sentences: rosterRulesSentences(rules, this.data.tournament?.totalRounds ?? null) };
  }

  homeSettings(): HomePageSettings {
    return resolveHomePageSettings(this.data.settings.get(SETTING_KEYS.homePage));
  }

  registrationSettings(): RegistrationSettings {
    return resolveRegistrationSettings(this.data.settings.get(SETTING_KEYS.registration));
  }

  announcements(): Announcement[] {
    return this.data.announcements.map((announcement) => ({
      content: announcement.content,
      createdAt: announcement.createdAt.toISOString(),
    }));
  }

  /** The current round's sample boards (docs/requirements.md §9), by board number. */
  sampleBoards(random: () => number): number[] {
    return randomSample(this.currentRound().boards, SAMPLE_BOARD_COUNT, random).map((board) => board.board);
  }

  /** `now`: when the snapshot was read (the cache reads again within 30 s, so a closing time shows within that). */
  home(picks: { recentMatches: RecentMatch[]; sampleBoards: number[]; now: number }): HomeResponse {
    const settings = this.homeSettings();
    const leaderboard = this.leaderboard();
    const registration = this.registrationSettings();
    return {
      ...this.tournament(),
      settings,
      registration,
      registrationOpen: isRegistrationOpen(registration, picks.now),
      leaderboardVisible: leaderboard.visible,
      playerDashboardOpen: this.playerDashboardOpen,
      featuredPlayers: leaderboard.players.slice(0, settings.featured_players_count),
      tiebreakOrder: leaderboard.tiebreakOrder,
      currentRound: this.currentRound(),
      sampleBoards: picks.sampleBoards,
      recentMatches: picks.recentMatches,
      announcements: this.announcements(),
      retention: readRetentionPeriods(this.data.settings.get(RETENTION_SETTING_KEY)),
      geolocationService: geolocationServiceHost(
        readGeolocationUrl(this.data.settings.get(GEOLOCATION_URL_SETTING_KEY)),
      ),
    };
  }

  /**
   * Players whose name contains every typed word (accents and case ignored), best placed first. A pupil shown
   * with a shortened name is found only by the full name typed in full (ADR 036), so typing letters cannot
   * list the names the public pages hide.
   */
  lookup(name: string): PlayerLookupResponse {
    const query = normalizeName(name);
    const rows = this.standings();
    const rankById = new Map(rows.map((row) => [row.player.id, row]));
    const found = this.data.players
      .filter((player) => {
        const full = this.fullNames.get(player.id);
        if (!full) return false;
        return full.restricted ? full.normalized === query : nameMatches(full.normalized, query);
      })
      .sort(
        (a, b) =>
          (rankById.get(a.id)?.rank ?? 1e9) - (rankById.get(b.id)?.rank ?? 1e9) ||
          a.name.localeCompare(b.name),
      );
    return {
      truncated: found.length > LOOKUP_MAX_PLAYERS,
      players: found.slice(0, LOOKUP_MAX_PLAYERS).map((player) => this.entryFor(player, rankById)),
    };
  }

  private entryFor(player: PlayerRow, rankById: Map<string, StandingRow>): PlayerLookupEntry {
    const rounds = this.roundsOf(player.id);
    const row = rankById.get(player.id);
    const section = this.sectionOf(player.id);
    const followKey = this.followKey('player', player.id);
    return {
      ...(section ? { section: section.name } : {}),
      ...(followKey ? { followKey } : {}),
      name: player.name,
      groupName: player.groupName,
      rating: player.rating,
      // A hidden leaderboard hides ranks here too; a pupil taken off before playing has none.
      rank: this.leaderboardVisible ? (row?.rank ?? null) : null,
      withdrawn: !player.active,
      halfPoints: this.scores().get(player.id)?.halfPoints ?? 0,
      current: rounds.find((round) => round.roundNumber === this.displayedRoundNumber) ?? null,
      history: rounds.filter((round) => round.roundNumber !== this.displayedRoundNumber),
    };
  }

  /** Every active player, by name: what a badge or an alphabetical list needs, no ranks or points. */
  roster(): RosterResponse {
    return {
      tournamentName: this.data.tournament?.name ?? null,
      players: this.data.players
        .filter((player) => player.active)
        .sort((a, b) => a.name.localeCompare(b.name, 'en'))
        .flatMap((player) => this.publicPlayer(player.id) ?? []),
    };
  }

  /**
   * The dashboard of the player linked to this account (players.user_id) in the active tournament: their
   * lookup entry plus record, standing and team. Player null when the account is linked to none.
   */
  dashboard(userId: string): PlayerDashboardResponse {
    const { tournament } = this.data;
    const summary = tournament
      ? {
          name: tournament.name,
          currentRound: this.displayedRoundNumber,
          totalRounds: tournament.totalRounds,
        }
      : null;
    const linked = this.data.players.filter((player) => player.userId === userId);
    const player = linked.find((candidate) => candidate.active) ?? linked[0];
    if (!player) return { tournament: summary, player: null };
    const rows = this.standings();
    const entry = this.entryFor(player, new Map(rows.map((row) => [row.player.id, row])));
    const score = this.scores().get(player.id);
    const visible = this.leaderboardVisible;
    const teams = this.teamStandings();
    const team = teams.find((candidate) => candidate.members.some((member) => member.playerId === player.id));
    return {
      tournament: summary,
      player: {
        ...entry,
        wins: score?.wins ?? 0,
        draws: score?.draws ?? 0,
        losses: score?.losses ?? 0,
        byes: score?.byes ?? 0,
        rankedPlayers: visible ? this.rankedWith(player.id, rows) : null,
        currentRoundStatus: this.currentRoundRow?.status ?? null,
        team: team
          ? {
              team: team.team,
              school: team.school,
              rank: visible ? team.rank : null,
              halfPoints: team.halfPoints,
              teamCount: teams.length,
            }
          : null,
      },
    };
  }

  /** How many players are ranked with this one: the whole standings, or their section's (ADR 044). */
  private rankedWith(playerId: string, rows: readonly StandingRow[]): number {
    const section = this.playersById.get(playerId)?.sectionId ?? null;
    if (section === null) return rows.length;
    return rows.filter((row) => this.playersById.get(row.player.id)?.sectionId === section).length;
  }

  /**
   * A player's game (or bye) in the round shown to the public, the one players walk to now (ADR 009); null
   * when they are not paired in it yet. The kiosk shows it after a check-in (ADR 031).
   */
  currentRoundOf(playerId: string): PlayerRound | null {
    // Asked per followed pupil per follower when a round is announced (ADR 045): worked out once per snapshot.
    let round = this.currentRoundMemo.get(playerId);
    if (round === undefined) {
      round =
        this.roundsOf(playerId).find((entry) => entry.roundNumber === this.displayedRoundNumber) ?? null;
      this.currentRoundMemo.set(playerId, round);
    }
    return round;
  }

  /** Every game and bye of a player, by round (the lookup, the dashboard, a school's results sheet). */
  roundsOf(playerId: string): PlayerRound[] {
    const games = this.data.matches
      .filter((match) => match.whitePlayerId === playerId || match.blackPlayerId === playerId)
      .map((match): PlayerRound => {
        const colour = match.whitePlayerId === playerId ? 'white' : 'black';
        const opponentId = colour === 'white' ? match.blackPlayerId : match.whitePlayerId;
        return {
          roundNumber: match.roundNumber,
          board: match.boardNumber,
          colour,
          opponent: this.publicPlayer(opponentId),
          result: match.result,
          outcome: match.result === null ? null : outcomeFor(match.result, colour),
          bye: null,
          isStarted: this.hasStarted(match.roundNumber),
          halfPoints: match.result === null ? null : halfPointsFor(match.result, colour),
        };
      });
    const byes = (this.state?.byes ?? [])
      .filter((bye) => bye.playerId === playerId)
      .map(
        (bye): PlayerRound => ({
          roundNumber: bye.roundNumber,
          board: null,
          colour: null,
          opponent: null,
          result: null,
          outcome: null,
          bye: bye.kind,
          isStarted: this.hasStarted(bye.roundNumber),
          // A bye of a round not started yet is planned, not points (domain: isByeCounted).
          halfPoints: this.state && isByeCounted(this.state, bye) ? halfPointsForBye(bye.kind) : null,
        }),
      );
    return [...games, ...byes].sort((a, b) => a.roundNumber - b.roundNumber);
  }

  /** Whether round `number` has started (its games are in progress or over, its byes count). */
  private hasStarted(number: number): boolean {
    const round = this.state?.rounds.find((candidate) => candidate.number === number);
    return round !== undefined && isStarted(round);
  }

  private publicPlayer(id: string): PublicPlayer | null {
    const player = this.playersById.get(id);
    return player ? { name: player.name, groupName: player.groupName, rating: player.rating } : null;
  }

  private toBoard(match: MatchRow): Board {
    const round = this.state?.rounds.find((candidate) => candidate.id === match.roundId);
    return {
      roundNumber: match.roundNumber,
      board: match.boardNumber,
      white: this.publicPlayer(match.whitePlayerId),
      black: this.publicPlayer(match.blackPlayerId),
      result: match.result,
      isStarted: round !== undefined && isStarted(round),
      isReported: match.result === null && this.reported.has(match.id),
    };
  }
}

/** One section's views (ADR 044). */
export interface SectionViews {
  section: SectionRow;
  views: PublicViews;
}

/** A line of pairings by name with the player it belongs to (ids never leave the server). */
export interface PairedName extends NamedLine {
  line: NameLine;
}

/** The values of the tournament's tie-break keys only (the columns the leaderboard shows). */
function tiebreakValues(row: StandingRow, order: readonly TiebreakKey[]): TiebreakValues {
  return Object.fromEntries(order.map((key) => [key, row.tiebreaks[key] ?? null]));
}

function toRoundSummary(round: Round): RoundSummary {
  return {
    number: round.number,
    status: round.status,
    startTime: round.startTime?.toISOString() ?? null,
    endTime: round.endTime?.toISOString() ?? null,
  };
}
