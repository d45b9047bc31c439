import { describe, expect, it } from 'vitest';
import {
  allocateBracket,
  allocateSchoolPlaces,
  type Bracket,
  bracketProblems,
  type Category,
  type PrizePlayer,
  type RankedPlayer,
} from './prizes';
import { seededRandom } from './random';

const player = (id: string, extra: Partial<PrizePlayer> = {}): PrizePlayer => ({
  id,
  name: `Player ${id}`,
  rating: 1500,
  age: 15,
  class: null,
  isGirl: false,
  isFirstEvent: false,
  schoolId: null,
  ...extra,
});
const euros = (...amounts: number[]) =>
  amounts.map((amount) => ({ kind: 'cash' as const, value: amount * 100 }));
const overall = (...amounts: number[]): Category => ({
  id: 'overall',
  name: 'Overall',
  criterion: { kind: 'overall' },
  places: euros(...amounts),
});
const bracket = (categories: Category[], extra: Partial<Bracket> = {}): Bracket => ({
  id: 'cash',
  name: 'Cash prizes',
  categories,
  priority: 'place-first',
  sharing: 'none',
  ...extra,
});
/** Standings from "id:points" (whole points), best first. */
const standings = (...lines: string[]): RankedPlayer[] =>
  lines.map((line) => {
    const [playerId, points] = line.split(':');
    return { playerId: playerId!, halfPoints: Number(points) * 2 };
  });
const playersOf = (list: PrizePlayer[]) => new Map(list.map((entry) => [entry.id, entry]));
const amounts = (outcome: ReturnType<typeof allocateBracket>) =>
  Object.fromEntries(
    outcome.categories.flatMap((category) =>
      category.awards.map((award) => [award.playerId, award.amount / 100]),
    ),
  );

describe('prizes by category', () => {
  it('reproduces the worked example of the Hort system exactly (€100 … €10, ties on 8 and 7 points)', () => {
    // de.wikipedia.org "Hort-System": 1st–6th prizes €100, 80, 60, 40, 20, 10; A and B on 8, C on 7½, D–F on 7.
    const outcome = allocateBracket(
      bracket([overall(100, 80, 60, 40, 20, 10)], { sharing: 'hort' }),
      [...standings('A:8', 'B:8'), { playerId: 'C', halfPoints: 15 }, ...standings('D:7', 'E:7', 'F:7')],
      playersOf(['A', 'B', 'C', 'D', 'E', 'F'].map((id) => player(id))),
    );
    // Half of each place kept, the other halves pooled: A 50 + 45, B 40 + 45; D–F 20/10/5 + 35 ÷ 3 paid as €12.
    expect(amounts(outcome)).toEqual({ A: 95, B: 85, C: 60, D: 32, E: 22, F: 17 });
    const a = outcome.categories[0]!.awards[0]!;
    expect(a.sharedWith).toEqual(['B']);
    expect(a.explanation).toBe('Overall 1st–2nd shared (Hort): €50 kept + €45 of €90 pot');
  });

  it('reproduces US Chess 32B: $300 + $200 + a $150 youth prize across four tied players is $162.50 each', () => {
    const youth: Category = {
      id: 'youth',
      name: 'Youth',
      criterion: { kind: 'age', min: null, max: 12 },
      places: euros(150),
    };
    const outcome = allocateBracket(
      bracket([overall(300, 200), youth], { sharing: 'equal' }),
      standings('A:4', 'B:4', 'C:4', 'D:4', 'E:3'),
      playersOf([player('A'), player('B'), player('C'), player('D', { age: 11 }), player('E', { age: 12 })]),
    );
    expect(amounts(outcome)).toEqual({ A: 162.5, B: 162.5, C: 162.5, D: 162.5 });
    expect(outcome.categories[1]!.awards[0]!.explanation).toBe(
      'Overall 1st + Overall 2nd + Youth 1st shared equally by 4: €650 ÷ 4',
    );
    // A tied player whose category prize is worth more than the share keeps it and stays out of the pool.
    const richer = allocateBracket(
      bracket([overall(300, 200), { ...youth, places: euros(400) }], { sharing: 'equal' }),
      standings('A:4', 'B:4', 'C:4', 'D:4'),
      playersOf([player('A'), player('B'), player('C', { age: 10 }), player('D')]),
    );
    expect(amounts(richer)).toEqual({ A: 166.67, B: 166.67, C: 400, D: 166.66 });
  });

  it('gives one prize per player per bracket, the most valuable open to them', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 200; round++) {
      const list = Array.from({ length: 30 }, (_, index) =>
        player(`p${index}`, {
          rating: random() < 0.1 ? null : 900 + Math.floor(random() * 1000),
          isGirl: random() < 0.5,
          age: 12 + Math.floor(random() * 6),
        }),
      );
      const ranked = list
        .map((entry) => ({ playerId: entry.id, halfPoints: Math.floor(random() * 11) }))
        .sort((a, b) => b.halfPoints - a.halfPoints);
      const outcome = allocateBracket(
        bracket([
          overall(100, 60, 40),
          {
            id: 'u1200',
            name: 'U1200',
            criterion: { kind: 'rating', min: null, max: 1199 },
            places: euros(50, 20),
          },
          { id: 'girls', name: 'Best girl', criterion: { kind: 'girls' }, places: euros(40) },
          { id: 'unrated', name: 'Unrated', criterion: { kind: 'unrated' }, places: euros(25) },
        ]),
        ranked,
        playersOf(list),
      );
      const winners = outcome.categories.flatMap((category) =>
        category.awards.map((award) => award.playerId),
      );
      expect(new Set(winners).size).toBe(winners.length);
      // Nobody placed above a winner, eligible for that prize and without any prize, was passed over.
      for (const category of outcome.categories) {
        for (const award of category.awards) {
          const rank = ranked.findIndex((line) => line.playerId === award.playerId);
          const passed = ranked
            .slice(0, rank)
            .filter((line) => !winners.includes(line.playerId))
            .filter((line) => {
              const who = list.find((entry) => entry.id === line.playerId)!;
              return category.categoryId === 'overall'
                ? true
                : category.categoryId === 'u1200'
                  ? who.rating !== null && who.rating <= 1199
                  : category.categoryId === 'girls'
                    ? who.isGirl
                    : who.rating === null;
            });
          expect(passed).toEqual([]);
        }
      }
    }
  });

  it('place first and category first give different answers when two prizes are worth the same', () => {
    // Overall €50/€30/€20 and an under-1200 €20: P3 (1150) could be overall 3rd or U1200 1st.
    const list = [
      player('P1', { rating: 1800 }),
      player('P2', { rating: 1700 }),
      player('P3', { rating: 1150 }),
      player('P4', { rating: 1100 }),
      player('P5', { rating: 1600 }),
    ];
    const u1200: Category = {
      id: 'u1200',
      name: 'U1200',
      criterion: { kind: 'rating', min: null, max: 1199 },
      places: euros(20),
    };
    const ranked = standings('P1:5', 'P2:4', 'P3:3', 'P4:2', 'P5:1');
    const placeFirst = allocateBracket(bracket([overall(50, 30, 20), u1200]), ranked, playersOf(list));
    const categoryFirst = allocateBracket(
      bracket([overall(50, 30, 20), u1200], { priority: 'category-first' }),
      ranked,
      playersOf(list),
    );
    const winners = (outcome: ReturnType<typeof allocateBracket>) =>
      outcome.categories.map((category) => category.awards.map((award) => award.playerId));
    expect(winners(placeFirst)).toEqual([['P1', 'P2', 'P3'], ['P4']]);
    expect(winners(categoryFirst)).toEqual([['P1', 'P2', 'P4'], ['P3']]);
    expect(categoryFirst.categories[1]!.awards[0]!.explanation).toBe(
      'U1200 1st: moved from Overall 3rd, €20 = €20',
    );
    // With a richer U1200 prize both agree, and the move says why.
    const richer = allocateBracket(
      bracket([overall(50, 30, 20), { ...u1200, places: euros(30) }]),
      ranked,
      playersOf(list),
    );
    expect(winners(richer)).toEqual([['P1', 'P2', 'P4'], ['P3']]);
    expect(richer.categories[1]!.awards[0]!.explanation).toBe('U1200 1st: moved from Overall 3rd, €30 > €20');
  });

  it('gives indivisible prizes by tie-break and names those tied with the last winner', () => {
    const medals: Category = {
      id: 'medals',
      name: 'Medals',
      criterion: { kind: 'overall' },
      places: [
        { kind: 'medal', value: 3 },
        { kind: 'medal', value: 2 },
        { kind: 'medal', value: 1 },
      ],
    };
    const outcome = allocateBracket(
      bracket([medals], { sharing: 'equal' }),
      standings('A:5', 'B:4', 'C:4', 'D:4', 'E:3'),
      playersOf(['A', 'B', 'C', 'D', 'E'].map((id) => player(id))),
    );
    expect(outcome.categories[0]!.awards.map((award) => [award.playerId, award.amount])).toEqual([
      ['A', 3],
      ['B', 2],
      ['C', 1],
    ]);
    expect(outcome.categories[0]!.tiedWithLast).toEqual(['D']);
  });

  it('says when no player can win a category, and refuses brackets that cannot work', () => {
    const outcome = allocateBracket(
      bracket([
        overall(10),
        { id: 'girls', name: 'Best girl', criterion: { kind: 'girls' }, places: euros(5) },
      ]),
      standings('A:1'),
      playersOf([player('A')]),
    );
    expect(outcome.categories[1]).toMatchObject({ awards: [], hasNoEligible: true });
    expect(
      bracketProblems(
        bracket([
          overall(10, 20),
          { id: 'a', name: 'U1400', criterion: { kind: 'rating', min: null, max: 1400 }, places: euros(5) },
          {
            id: 'b',
            name: '1200–1600',
            criterion: { kind: 'rating', min: 1200, max: 1600 },
            places: euros(5),
          },
          { id: 'c', name: 'Nobody', criterion: { kind: 'age', min: 15, max: 12 }, places: [] },
        ]),
      ),
    ).toEqual([
      'Overall: 2nd is worth more than 1st',
      'Nobody: give it at least one prize',
      'Nobody: the lower bound is above the upper one',
      'Rating bands U1400 and 1200–1600 overlap',
    ]);
    expect(bracketProblems(bracket([overall(30, 20)]))).toEqual([]);
  });
});

describe('best school', () => {
  it('follows the school standings, naming the teams level with the last winner', () => {
    const teams = [
      { key: 'a', name: 'St Kevin’s A', rank: 1 },
      { key: 'b', name: 'Gaelcholáiste B', rank: 2 },
      { key: 'c', name: 'Loreto A', rank: 2 },
      { key: 'd', name: 'Belvedere A', rank: 4 },
    ];
    const places = allocateSchoolPlaces({ name: 'Best school', places: euros(100, 50) }, teams);
    expect(places.awards.map((award) => [award.teamKey, award.explanation])).toEqual([
      ['a', 'Best school 1st'],
      ['b', 'Best school 2nd (level with 1 more on every tie-break, by the listed order)'],
    ]);
    expect(places.tiedWithLast).toEqual(['c']);
    expect(
      allocateSchoolPlaces({ name: 'Best school', places: euros(100, 50, 25) }, teams.slice(0, 1)).awards,
    ).toHaveLength(1);
  });
});
