import { describe, expect, it } from 'vitest';
import {
  areSectionsFixed,
  hasPlayed,
  mergeSectionPairings,
  placeInSections,
  type Section,
  type SectionPupil,
  sectionProblems,
  sectionSlug,
} from './sections';

const pupil = (id: string, extra: Partial<SectionPupil> = {}): SectionPupil => ({
  id,
  schoolYear: null,
  age: null,
  rating: null,
  placedIn: null,
  ...extra,
});

/** The Irish shape: juniors (1st–2nd Year), intermediates (3rd Year and TY), seniors (5th–6th Year). */
const byYear: Section[] = [
  { id: 'junior', name: 'Junior', rule: { kind: 'school-years', years: ['1st Year', '2nd Year'] } },
  {
    id: 'inter',
    name: 'Intermediate',
    rule: { kind: 'school-years', years: ['3rd Year', 'Transition Year'] },
  },
  { id: 'senior', name: 'Senior', rule: { kind: 'school-years', years: ['5th Year', '6th Year'] } },
];

describe('sections', () => {
  it('places pupils by school year, a staff placement over the rule, and leaves the rest to staff', () => {
    const placement = placeInSections(byYear, [
      pupil('a', { schoolYear: '1st Year' }),
      pupil('b', { schoolYear: 'Transition Year' }),
      pupil('c', { schoolYear: '6th Year' }),
      pupil('d', { schoolYear: '2nd Year', placedIn: 'senior' }),
      pupil('e'),
    ]);
    expect(Object.fromEntries(placement.sectionOf)).toEqual({
      a: 'junior',
      b: 'inter',
      c: 'senior',
      d: 'senior',
    });
    expect(placement.unplaced).toEqual(['e']);
    expect(sectionProblems(byYear, placement)).toEqual([
      'Junior has one player: a section needs two to be paired',
      'Intermediate has one player: a section needs two to be paired',
      '1 pupil is in no section: place them by hand',
    ]);
  });

  it('takes everyone else into the section for all, so one such section is the event as before', () => {
    const open: Section[] = [
      { id: 'u12', name: 'Under 12', rule: { kind: 'age', min: null, max: 11 } },
      { id: 'open', name: 'Open', rule: { kind: 'all' } },
    ];
    const placement = placeInSections(open, [pupil('a', { age: 11 }), pupil('b', { age: 12 }), pupil('c')]);
    expect(Object.fromEntries(placement.sectionOf)).toEqual({ a: 'u12', b: 'open', c: 'open' });
    expect(placement.unplaced).toEqual([]);
    const single = placeInSections(
      [{ id: 'main', name: 'Main', rule: { kind: 'all' } }],
      [pupil('a'), pupil('b')],
    );
    expect([...single.sectionOf.values()]).toEqual(['main', 'main']);
    expect(sectionProblems([{ id: 'main', name: 'Main', rule: { kind: 'all' } }], single)).toEqual([]);
  });

  it('places by rating band, unrated pupils where the organiser says', () => {
    const bands: Section[] = [
      { id: 'a', name: '1600 and up', rule: { kind: 'rating', min: 1600, max: null, unrated: false } },
      { id: 'b', name: '1200–1599', rule: { kind: 'rating', min: 1200, max: 1599, unrated: false } },
      { id: 'c', name: 'Under 1200', rule: { kind: 'rating', min: null, max: 1199, unrated: true } },
    ];
    const placement = placeInSections(bands, [
      pupil('p', { rating: 1600 }),
      pupil('q', { rating: 1599 }),
      pupil('r', { rating: 1199 }),
      pupil('s'),
    ]);
    expect(Object.fromEntries(placement.sectionOf)).toEqual({ p: 'a', q: 'b', r: 'c', s: 'c' });
    expect(sectionProblems(bands)).toEqual([]);
  });

  it('refuses sections that cannot work, each with its reason', () => {
    expect(sectionProblems([])).toEqual(['Add at least one section']);
    expect(
      sectionProblems([
        { id: '1', name: 'Junior', rule: { kind: 'school-years', years: ['1st Year', '2nd Year'] } },
        { id: '2', name: 'junior', rule: { kind: 'school-years', years: ['2nd Year'] } },
        { id: '3', name: 'U1400', rule: { kind: 'rating', min: null, max: 1399, unrated: true } },
        { id: '4', name: '1200+', rule: { kind: 'rating', min: 1200, max: null, unrated: true } },
        { id: '5', name: 'Odd', rule: { kind: 'age', min: 15, max: 12 } },
        { id: '6', name: 'Rest', rule: { kind: 'all' } },
        { id: '7', name: 'Others', rule: { kind: 'all' } },
      ]),
    ).toEqual([
      'Two sections are called junior',
      'Odd: the lower bound is above the upper one',
      'Only one section can take everyone the others do not',
      'Junior and junior both take 2nd Year',
      'The rating bands of U1400 and 1200+ overlap',
      'U1400 and 1200+ both take unrated pupils',
    ]);
  });
});

describe('the pairings of several sections as one round', () => {
  it('numbers the boards through the hall and moves the notes with their boards', () => {
    const merged = mergeSectionPairings([
      {
        boards: [
          { board: 1, whiteId: 'a', blackId: 'b' },
          { board: 2, whiteId: 'c', blackId: 'd' },
        ],
        byePlayerId: 'e',
        notes: [{ kind: 'floated', board: 2 }, { kind: 'bye' }],
      },
      {
        boards: [{ board: 1, whiteId: 'f', blackId: 'g' }],
        byePlayerId: null,
        notes: [{ kind: 'colour', board: 1 }],
      },
      { boards: [{ board: 1, whiteId: 'h', blackId: 'i' }], byePlayerId: 'j', notes: [] },
    ]);
    expect(merged.boards.map((board) => [board.board, board.whiteId])).toEqual([
      [1, 'a'],
      [2, 'c'],
      [3, 'f'],
      [4, 'h'],
    ]);
    expect(merged.byePlayerIds).toEqual(['e', 'j']);
    expect(merged.notes).toEqual([
      { kind: 'floated', board: 2 },
      { kind: 'bye' },
      { kind: 'colour', board: 3 },
    ]);
  });

  it('leaves one group as the engine paired it', () => {
    const single = { boards: [{ board: 1, whiteId: 'a', blackId: 'b' }], byePlayerId: 'c', notes: [] };
    expect(mergeSectionPairings([single])).toEqual({ boards: single.boards, byePlayerIds: ['c'], notes: [] });
  });
});

describe('section names and when sections are fixed', () => {
  it('gives each name a short address, names that read alike counting as one', () => {
    expect(sectionSlug('3rd–4th year')).toBe('3rd-4th-year');
    expect(sectionSlug('Under 12s (Féile)')).toBe('under-12s-feile');
    expect(sectionSlug('!!!')).toBe('section');
    expect(
      sectionProblems([
        { id: 'a', name: 'Juniors', rule: { kind: 'all' } },
        { id: 'b', name: 'juniors!', rule: { kind: 'age', min: 10, max: 12 } },
      ]),
    ).toContain('Two sections are called juniors!');
  });

  it('fixes the sections once a game or a pairing-allocated bye exists, and a player once they have one', () => {
    const game = {
      id: 'g',
      roundId: 'r',
      roundNumber: 1,
      board: 1,
      whiteId: 'a',
      blackId: 'b',
      result: null,
    };
    const pairingBye = { roundId: 'r', roundNumber: 1, playerId: 'c', kind: 'pairing' as const };
    const requested = { roundId: 'r', roundNumber: 1, playerId: 'd', kind: 'half' as const };
    expect(areSectionsFixed({ games: [], byes: [requested] })).toBe(false);
    expect(areSectionsFixed({ games: [game], byes: [] })).toBe(true);
    expect(areSectionsFixed({ games: [], byes: [pairingBye] })).toBe(true);
    const state = { games: [game], byes: [pairingBye, requested] };
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => hasPlayed(state, id))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
