import {
  BEST_SCHOOL_KEY,
  categoryKey,
  type PrizeConfig,
  type PrizesView,
  readPrizeConfig,
} from '../../../contracts/prizes';
import {
  allocateBracket,
  allocateSchoolPlaces,
  type BracketOutcome,
  type PrizePlayer,
  type RankedPlayer,
  type SchoolAward,
} from '../../../domain/prizes';
import { ageOn } from '../../../domain/registration';
import type { PublicViews } from './public-views';
import { publicSection } from './sections';

type PrizeLists = Pick<PrizesView, 'brackets' | 'bestSchool'>;

/** The tournament's prizes as stored (nothing set: no brackets, no school prize). */
export function prizeConfigOf(views: PublicViews): PrizeConfig {
  return readPrizeConfig(views.tournamentRow?.prizes ?? null);
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
          isGirl: views.playerRow(row.player.id)?.girlsPrize ?? false,
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

/** Who wins what in every list and the best school, worked out once per snapshot. */
export interface PrizeOutcomes {
  config: PrizeConfig;
  players: ReadonlyMap<string, PrizePlayer>;
  brackets: { bracket: PrizeConfig['brackets'][number]; outcome: BracketOutcome }[];
  bestSchool: {
    prize: NonNullable<PrizeConfig['bestSchool']>;
    awards: SchoolAward[];
    tiedWithLast: string[];
    /** Each team's school, by team name. */
    schoolOf: ReadonlyMap<string, string>;
    teams: number;
  } | null;
}

const outcomesMemo = new WeakMap<PublicViews, PrizeOutcomes>();

/**
 * The prizes these standings give (issue 32, ADR 043), by the domain's rules, from the same snapshot the leaderboard
 * shows, so both agree: the public list, the staff list and the certificates all map this one result.
 */
export function prizeOutcomes(views: PublicViews): PrizeOutcomes {
  const cached = outcomesMemo.get(views);
  if (cached) return cached;
  const { config, players, ranked } = prizeInputs(views);
  let bestSchool: PrizeOutcomes['bestSchool'] = null;
  if (config.bestSchool) {
    const teams = views.teamStandings();
    const result = allocateSchoolPlaces(
      config.bestSchool,
      teams.map((team) => ({ key: team.team, name: team.team, rank: team.rank })),
    );
    bestSchool = {
      prize: config.bestSchool,
      ...result,
      schoolOf: new Map(teams.map((team) => [team.team, team.school])),
      teams: teams.length,
    };
  }
  const outcomes: PrizeOutcomes = {
    config,
    players,
    brackets: config.brackets.map((bracket) => ({
      bracket,
      outcome: allocateBracket(bracket, ranked, players),
    })),
    bestSchool,
  };
  outcomesMemo.set(views, outcomes);
  return outcomes;
}

/**
 * The prize list as pages show it: `forStaff` shows the winners during the embargo. A hidden leaderboard (its
 * setting or the safe-control switch) hides them from the public too: they give the standings away.
 */
export function prizesView(views: PublicViews, forStaff: boolean): PrizesView {
  const embargoed =
    (views.tournamentRow?.prizesEmbargoed ?? false) || (!forStaff && !views.leaderboardVisible);
  const hidden = embargoed && !forStaff;
  if (views.sections.length === 0)
    return { embargoed, isFinal: views.isFinal, ...prizeLists(views, hidden, null) };
  // An event with sections awards each section's prizes from its own standings (ADR 044).
  return {
    embargoed,
    isFinal: views.isFinal,
    brackets: [],
    bestSchool: null,
    sections: views.sectionViews().map(({ section, views: sectionViews }) => ({
      ...publicSection(section),
      ...prizeLists(sectionViews, hidden, section.slug),
    })),
  };
}

/** The prize lists of one group of players (the event, or one section): winners left out while `hidden`. */
function prizeLists(views: PublicViews, hidden: boolean, section: string | null): PrizeLists {
  const { players, brackets, bestSchool } = prizeOutcomes(views);
  const nameOf = (playerId: string) => players.get(playerId)?.name ?? '';
  const teamOf = (playerId: string) => views.playerRow(playerId)?.groupName ?? null;
  return {
    brackets: brackets.map(({ bracket, outcome }) => ({
      name: bracket.name,
      sharing: bracket.sharing,
      priority: bracket.priority,
      categories: bracket.categories.map((category, index) => {
        const result = outcome.categories[index]!;
        return {
          key: categoryKey(section, bracket.id, category.id),
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
    })),
    bestSchool: bestSchool && {
      key: categoryKey(section, BEST_SCHOOL_KEY),
      name: bestSchool.prize.name,
      places: [...bestSchool.prize.places],
      hasNoEligible: bestSchool.teams === 0,
      awards: hidden
        ? []
        : bestSchool.awards.map((award) => ({
            place: award.place,
            name: award.teamKey,
            team: bestSchool.schoolOf.get(award.teamKey) ?? null,
            prize: award.prize,
            amount: award.prize.value,
            sharedWith: [],
            explanation: award.explanation,
          })),
      tiedWithLast: hidden ? [] : bestSchool.tiedWithLast,
    },
  };
}
