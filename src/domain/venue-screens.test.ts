import { describe, expect, it } from 'vitest';
import { normalizeName } from './names';
import { seededRandom } from './random';
import { alphabetSlices, pagesOf, sortByName } from './venue-screens';

const FIRST = [
  'Aoife',
  'Ben',
  'Cian',
  'Dara',
  'Eimear',
  'Fionn',
  'Grace',
  'Hugh',
  'Isla',
  'Jack',
  'Kate',
  'Liam',
  'Maeve',
  'Niamh',
  'Oisín',
  'Pádraig',
  'Róisín',
  'Seán',
  'Tadhg',
  'Úna',
  'Vera',
  'Will',
  'Xavier',
  'Yusuf',
  'Zoe',
  'Saoirse',
  'Conor',
  'Ciara',
  'Sophie',
  'Emma',
  'Mia',
  'Noah',
  'James',
  'Lucy',
  'Ella',
  'Adam',
  'Sarah',
];
const LAST = [
  'Byrne',
  'Kelly',
  'Murphy',
  "O'Brien",
  'Walsh',
  'Ní Bhriain',
  'Doyle',
  'Ryan',
  'Nolan',
  'Quinn',
];

/** A hall's worth of pupils: names as public pages show them, some namesakes among them. */
function hall(size: number, seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: size }, (_, index) => ({
    id: `p${index}`,
    name: `${pick(FIRST)} ${pick(LAST)}`,
  }));
}

describe('pairings by name across screens', () => {
  it('sorts by the name as shown, accents and case aside, namesakes by id', () => {
    const sorted = sortByName([
      { id: 'b', name: 'Úna Walsh' },
      { id: 'a', name: 'una walsh' },
      { id: 'c', name: 'Tadhg Ryan' },
      { id: 'd', name: 'Oisín Kelly' },
    ]);
    expect(sorted.map((line) => line.id)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('lists every player exactly once, in order, on 1 to 6 screens, with ranges that never overlap', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const lines = hall(352, seed);
      const sorted = sortByName(lines).map((line) => line.id);
      for (let screens = 1; screens <= 6; screens += 1) {
        const slices = alphabetSlices(lines, screens);
        expect(slices).toHaveLength(screens);
        expect(slices.flatMap((slice) => slice.lines.map((line) => line.id))).toEqual(sorted);
        const ranges = slices.flatMap((slice) => (slice.range ? [slice.range] : []));
        for (let index = 1; index < ranges.length; index += 1) {
          expect(normalizeName(ranges[index - 1]!.to) < normalizeName(ranges[index]!.from)).toBe(true);
        }
      }
    }
  });

  it('keeps each screen within half as much again as an even share, by one letter or else more', () => {
    for (const seed of [11, 12, 13]) {
      const lines = hall(352, seed);
      for (const screens of [2, 3, 4]) {
        const slices = alphabetSlices(lines, screens);
        const even = Math.ceil(lines.length / screens);
        expect(Math.max(...slices.map((slice) => slice.lines.length))).toBeLessThanOrEqual(even * 1.5);
      }
    }
    // Three screens for a list where one letter holds most names: cut by two letters (signs say "A"–"Sa", "Se").
    const skewed = [
      ...Array.from({ length: 60 }, (_, index) => ({
        id: `s${index}`,
        name: `${['Saoirse', 'Seán', 'Sophie'][index % 3]} ${LAST[index % 10]}`,
      })),
      { id: 'a', name: 'Aoife Byrne' },
    ];
    const slices = alphabetSlices(skewed, 3);
    expect(slices.map((slice) => slice.lines.length)).toEqual([21, 20, 20]);
    expect(slices.map((slice) => slice.range)).toEqual([
      { from: 'A', to: 'Sa' },
      { from: 'Se', to: 'Se' },
      { from: 'So', to: 'So' },
    ]);
  });

  it('cuts inside a prefix most names share, as the event-sized demo\'s "Pupil 001"…"Pupil 296" do', () => {
    const lines = [
      ...Array.from({ length: 56 }, (_, index) => ({
        id: `n${index}`,
        name: `${FIRST[index % 25]} ${LAST[index % 10]}`,
      })),
      ...Array.from({ length: 296 }, (_, index) => ({
        id: `p${index}`,
        name: `Pupil ${String(index + 57).padStart(3, '0')}`,
      })),
    ];
    const slices = alphabetSlices(lines, 3);
    const even = Math.ceil(lines.length / 3);
    expect(Math.max(...slices.map((slice) => slice.lines.length))).toBeLessThanOrEqual(even * 1.5);
    expect(slices.flatMap((slice) => slice.lines)).toEqual(sortByName(lines));
    // The signs say where one screen ends and the next begins, as the names are written.
    expect(slices.some((slice) => /^Pupil \d+$/.test(slice.range!.to))).toBe(true);
  });

  it('gives an empty slice, not a repeated name, when there are more screens than names can fill', () => {
    const slices = alphabetSlices([{ id: 'x', name: 'Zoe Quinn' }], 3);
    expect(slices.map((slice) => slice.lines.length)).toEqual([1, 0, 0]);
    expect(slices.map((slice) => slice.range)).toEqual([{ from: 'Z', to: 'Z' }, null, null]);
    expect(alphabetSlices([], 2)).toEqual([
      { lines: [], range: null },
      { lines: [], range: null },
    ]);
  });

  it('pages a slice: 352 names at 35 a page are 11 pages, the last with 2', () => {
    const pages = pagesOf(hall(352, 7), 35);
    expect(pages).toHaveLength(11);
    expect(pages.at(-1)).toHaveLength(2);
    expect(pagesOf([], 35)).toEqual([[]]);
  });
});
