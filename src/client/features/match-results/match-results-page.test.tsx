// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import type { EntryBoard, ResultEntryResponse } from '../../../contracts/match-results';
import { SAFE_SWITCH_INFO } from '../../../contracts/safe-control';
import type { MatchResult } from '../../../domain/scoring/results';
import { MatchResultsPage } from './match-results-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Names from the demo tournament.
const board = (n: number, white: string, black: string, result: MatchResult | null): EntryBoard => ({
  matchId: `00000000-0000-4000-8000-00000000000${n}`,
  board: n,
  white: { name: white, groupName: "St Kevin's A", schoolName: "St Kevin's" },
  black: { name: black, groupName: 'Loreto College B', schoolName: 'Loreto College' },
  result,
  version: 1,
  updatedAt: '2025-11-22T10:00:00.000Z',
});

const entry: ResultEntryResponse = {
  tournament: { name: 'Schools Team Chess Championship 2025', currentRound: 3, totalRounds: 5 },
  rounds: [
    { number: 1, status: 'completed' },
    { number: 2, status: 'completed' },
    { number: 3, status: 'active' },
    { number: 4, status: 'upcoming' },
  ],
  round: { number: 3, status: 'active' },
  acceptsResults: true,
  canClearResults: true,
  resultRounds: [1, 2, 3],
  boards: [
    board(1, 'Magnus Carlsen', 'Judit Polgár', 'white'),
    board(2, 'Garry Kasparov', 'Vera Menchik', null),
    board(3, 'Mikhail Tal', 'Anatoly Karpov', null),
  ],
  counts: { finished: 1, total: 3 },
};

const row = (n: number) => document.querySelector<HTMLElement>(`li[data-board="${n}"]`)!;
const putsIn = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('MatchResultsPage', () => {
  it('shows progress, offers the started rounds only, and filters to unfinished boards', async () => {
    stubFetch({ '/api/admin/match-results': entry });
    renderAt(<MatchResultsPage />, { url: '/' });
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    const rounds = within(screen.getByLabelText('Round')).getAllByRole('option');
    expect(rounds.map((option) => option.textContent)).toEqual([
      'Round 1 · Completed',
      'Round 2 · Completed',
      'Round 3 · In Progress',
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByLabelText('Unfinished only'));
    expect(screen.getAllByRole('listitem').map((item) => item.dataset.board)).toEqual(['2', '3']);
  });

  it('jumps to a typed board number, sets 1-0 with the 1 key naming the version read, and comes back to the field', async () => {
    const fetchMock = stubFetch({
      '/api/admin/match-results': entry,
      [`/api/admin/match-results/${entry.boards[2]!.matchId}`]: {
        message: 'Match result updated successfully',
        board: { ...entry.boards[2]!, result: 'white', version: 2 },
      },
    });
    renderAt(<MatchResultsPage />, { url: '/' });
    const field = await screen.findByLabelText('Board number');
    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(document.activeElement).toBe(row(3)));
    fireEvent.keyDown(row(3), { key: '1' });
    expect(document.activeElement).toBe(field);
    await waitFor(() => expect(putsIn(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(putsIn(fetchMock)[0]![1]!.body))).toEqual({
      result: 'white',
      expectedVersion: 1,
    });
    await waitFor(() => expect(screen.getByText('2 / 3')).toBeTruthy());
    expect(
      within(row(3))
        .getByRole('button', { name: /^White won/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('says which board a stale write lost, and reads the round again', async () => {
    const fetchMock = stubFetch({
      '/api/admin/match-results': entry,
      [`/api/admin/match-results/${entry.boards[1]!.matchId}`]: new StubAnswer(409, {
        error: 'Board 2 was changed by someone else: now 1-0',
        requestId: 'test',
      }),
    });
    renderAt(<MatchResultsPage />, { url: '/' });
    await screen.findByText('1 / 3');
    fireEvent.click(within(row(2)).getByRole('button', { name: /^Black won/ }));
    expect((await within(row(2)).findByRole('alert')).textContent).toContain(
      'Board 2 was changed by someone else: now 1-0',
    );
    const reads = fetchMock.mock.calls.filter(
      ([url, init]) => !init?.method && String(url).endsWith('/api/admin/match-results'),
    );
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a board number the round does not have', async () => {
    stubFetch({ '/api/admin/match-results': entry });
    renderAt(<MatchResultsPage />, { url: '/' });
    const field = await screen.findByLabelText('Board number');
    fireEvent.change(field, { target: { value: '40' } });
    fireEvent.submit(field.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('No board 40 in round 3 (boards 1–3)');
  });

  it('holds the entry controls and says why while result entry is paused (safe control)', async () => {
    const fetchMock = stubFetch({
      '/api/admin/match-results': entry,
      '/api/site-status': { on: ['results_paused'], banners: [], nextChangeAt: null },
    });
    renderAt(<MatchResultsPage />, { url: '/' });
    expect(await screen.findByText(SAFE_SWITCH_INFO.results_paused.refusal)).toBeTruthy();
    const draw = within(row(2)).getByRole<HTMLButtonElement>('button', { name: 'Draw, board 2' });
    expect(draw.disabled).toBe(true);
    fireEvent.keyDown(row(2), { key: '1' });
    expect(putsIn(fetchMock)).toEqual([]);
  });
});
