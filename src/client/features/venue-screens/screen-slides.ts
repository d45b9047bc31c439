import type { ScreenPayload } from '../../../contracts/venue-screens';
import { BOARDS_PER_PAGE, NAMES_PER_PAGE, pagesOf, SCREEN_ROWS } from '../../../domain/venue-screens';

/** One page on the screen: which view, which of its pages, out of how many. */
export interface Slide {
  view: ScreenPayload;
  page: number;
  pages: number;
}

/** How many columns the screen's lists take: two on a landscape screen, one on a portrait one. */
export function columnsFor(width: number, height: number): 1 | 2 {
  return width >= height * 1.2 ? 2 : 1;
}

/** The items of a view's page `page` (0-based) and its page count, for a screen with `columns` columns. */
export function pageItems<T>(
  items: readonly T[],
  perPage: number,
  page: number,
): { items: T[]; pages: number } {
  const pages = pagesOf(items, perPage);
  return { items: pages[Math.min(page, pages.length - 1)] ?? [], pages: pages.length };
}

/** Lines per page of a list view on this screen (names, leaderboard, schools; boards take one line each). */
export function perPageOf(kind: ScreenPayload['kind'], columns: 1 | 2): number {
  if (kind === 'pairings-by-board' || kind === 'prizes') return BOARDS_PER_PAGE;
  return columns === 2 ? NAMES_PER_PAGE : SCREEN_ROWS;
}

const listOf = (view: ScreenPayload): readonly unknown[] | null => {
  switch (view.kind) {
    case 'pairings-by-name':
      return view.lines;
    case 'pairings-by-board':
      return view.boards;
    case 'leaderboard':
    case 'school-standings':
      return view.visible ? view.rows : [];
    case 'prizes':
      return view.rows;
    default:
      return null;
  }
};

/**
 * Every page the screen rotates through, in order: each view's pages one after the other. A broadcast view with no
 * broadcast on is left out while other views have something to show, so a screen never shows an empty slide
 * between two full ones.
 */
export function slidesOf(
  views: readonly ScreenPayload[],
  options: { columns: 1 | 2; broadcasts: number },
): Slide[] {
  const shown =
    views.length > 1 && options.broadcasts === 0 ? views.filter((view) => view.kind !== 'broadcast') : views;
  return shown.flatMap((view) => {
    const list = listOf(view);
    const pages = list ? pagesOf(list, perPageOf(view.kind, options.columns)).length : 1;
    return Array.from({ length: pages }, (_, page) => ({ view, page, pages }));
  });
}
