import { describe, expect, it } from 'vitest';
import type { ScreenPayload } from '../../../contracts/venue-screens';
import { NAMES_PER_PAGE } from '../../../domain/venue-screens';
import { columnsFor, pageItems, slidesOf } from './screen-slides';

const names = (count: number): ScreenPayload => ({
  kind: 'pairings-by-name',
  range: null,
  lines: Array.from({ length: count }, (_, index) => ({
    name: `Pupil ${index}`,
    team: null,
    board: index + 1,
    colour: 'white',
    bye: null,
  })),
});

describe('the pages a screen rotates through', () => {
  it('pages each view, names by 36 on a landscape screen and 18 upright, then the next view', () => {
    const views: ScreenPayload[] = [names(100), { kind: 'clock' }];
    expect(columnsFor(1920, 1080)).toBe(2);
    expect(columnsFor(1080, 1920)).toBe(1);
    const wide = slidesOf(views, { columns: 2, broadcasts: 0 });
    expect(wide.map((slide) => [slide.view.kind, slide.page, slide.pages])).toEqual([
      ['pairings-by-name', 0, 3],
      ['pairings-by-name', 1, 3],
      ['pairings-by-name', 2, 3],
      ['clock', 0, 1],
    ]);
    expect(slidesOf(views, { columns: 1, broadcasts: 0 })).toHaveLength(7);
    const lines = views[0]!.kind === 'pairings-by-name' ? views[0]!.lines : [];
    expect(pageItems(lines, NAMES_PER_PAGE, 2).items.map((line) => line.name)).toEqual(
      lines.slice(72).map((line) => line.name),
    );
  });

  it('leaves out the broadcast while none is on, unless it is all the screen shows', () => {
    const views: ScreenPayload[] = [{ kind: 'broadcast' }, { kind: 'find-your-board' }];
    expect(slidesOf(views, { columns: 2, broadcasts: 0 }).map((slide) => slide.view.kind)).toEqual([
      'find-your-board',
    ]);
    expect(slidesOf(views, { columns: 2, broadcasts: 1 })).toHaveLength(2);
    expect(slidesOf([{ kind: 'broadcast' }], { columns: 2, broadcasts: 0 })).toHaveLength(1);
  });

  it('shows one page for a hidden leaderboard or an empty pairing, never none', () => {
    const hidden: ScreenPayload = { kind: 'leaderboard', visible: false, heading: '', rows: [] };
    expect(slidesOf([hidden, names(0)], { columns: 2, broadcasts: 0 })).toHaveLength(2);
  });
});
