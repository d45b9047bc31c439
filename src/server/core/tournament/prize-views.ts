import { type PrizeConfig, type PrizesView, readPrizeConfig } from '../../../contracts/prizes';
import {
  allocateBracket,
  allocateSchoolPlaces,
  type PrizePlayer,
  type RankedPlayer,
  type RankedTeam,
} from '../../../domain/prizes';
import { ageOn } from '../../../domain/registration';
import type { PublicViews } from './public-views';

const memo = new WeakMap<PublicViews, { public: PrizesView; staff: PrizesView }>();

/** The tournament's prizes as stored (nothing set: no brackets, no school prize). */
export function prizeConfigOf(views: PublicViews): PrizeConfig {
  return readPrizeConfig(views.tournamentRow?.prizes ?? null);
}

/**
 * The prize list for these standings (issue 32, ADR 043): who wins what so far, worked out by the domain's rules
 * from the same snapshot the leaderboard shows, so both agree. `forStaff` shows the winners during the embargo.
 */
export function prizesView(views: PublicViews, forStaff: boolean): PrizesView {
  let cached = memo.get(views);
  if (!cached) {
    cached = { public: build(views, false), staff: build(views, true) };
    memo.set(views, cached);
  }
  return forStaff ? cached.staff : cached.public;
}

/**
 * What the prize rules decide from: every ranked player with what the criteria read (rating, school; age on the
 * cut-off day and school year from their registration, when the prizes need them), and the standings' order.
 */
export function prizeInputs(views: PublicViews): {
  config: PrizeConfig;
  players: Map<string, PrizePlayer>;
  ranked: RankedPlayer[];
} {
  const config = prizeConfigOf(views);
  const cutOff = config.ageCutOff ?? views.tournamentRow?.startDate ?? null;
  const rows = views.standings();
  const players = new Map<string, PrizePlayer>(
    rows.map((row) => {
      const details = views.pupilDetails(row.player.id);
      return [
        row.player.id,
        {
          id: row.player.id,
          name: row.player.name,
          rating: row.player.rating,
          age: details?.dateOfBirth && cutOff ? ageOn(details.dateOfBirth, cutOff) : null,
          class: details?.schoolYear ?? null,
          isGirl: false,
          isFirstEvent: false,
          schoolId: views.playerRow(row.player.id)?.schoolId ?? null,
        },
      ];
    }),
  );
  return {
    config,
    players,
    ranked: rows.map((row) => ({ playerId: row.player.id, halfPoints: row.halfPoints })),
  };
}

function build(views: PublicViews, forStaff: boolean): PrizesView {
  const { config, players, ranked } = prizeInputs(views);
  // A hidden leaderboard (its setting or the safe-control switch) hides the winners too: they give the standings away.
  const embargoed =
    (views.tournamentRow?.prizesEmbargoed ?? false) || (!forStaff && !views.leaderboardVisible);
  const hidden = embargoed && !forStaff;
  const rows = views.standings();
  const nameOf = (playerId: string) => players.get(playerId)?.name ?? '';
  const teamOf = (playerId: string) =>
    rows.find((row) => row.player.id === playerId)?.player.groupName ?? null;
  const brackets = config.brackets.map((bracket) => {
    const outcome = allocateBracket(bracket, ranked, players);
    return {
      name: bracket.name,
      sharing: bracket.sharing,
      priority: bracket.priority,
      categories: bracket.categories.map((category, index) => {
        const result = outcome.categories[index]!;
        return {
          name: category.name,
          places: [...category.places],
          hasNoEligible: result.hasNoEligible,
          awards: hidden
            ? []
            : result.awards.map((award) => ({
                place: award.place,
                name: nameOf(award.playerId),
                team: teamOf(award.playerId),
                prize: award.prize,
                amount: award.amount,
                sharedWith: award.sharedWith.map(nameOf),
                explanation: award.explanation,
              })),
          tiedWithLast: hidden ? [] : result.tiedWithLast.map(nameOf),
        };
      }),
    };
  });
  let bestSchool: PrizesView['bestSchool'] = null;
  if (config.bestSchool) {
    const teams: RankedTeam[] = views
      .teamStandings()
      .map((team) => ({ key: team.team, name: team.team, rank: team.rank }));
    const school = new Map(views.teamStandings().map((team) => [team.team, team.school]));
    const result = allocateSchoolPlaces(config.bestSchool, teams);
    bestSchool = {
      name: config.bestSchool.name,
      places: [...config.bestSchool.places],
      hasNoEligible: teams.length === 0,
      awards: hidden
        ? []
        : result.awards.map((award) => ({
            place: award.place,
            name: award.teamKey,
            team: school.get(award.teamKey) ?? null,
            prize: award.prize,
            amount: award.prize.value,
            sharedWith: [],
            explanation: award.explanation,
          })),
      tiedWithLast: hidden ? [] : result.tiedWithLast,
    };
  }
  return { embargoed, isFinal: views.isComplete, brackets, bestSchool };
}
