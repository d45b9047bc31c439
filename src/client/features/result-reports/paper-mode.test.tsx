// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import {
  type PaperBoard,
  type PaperBoardsResponse,
  type PaperResultResponse,
  RESULT_REPORT_MESSAGES,
} from '../../../contracts/result-reports';
import { PaperMode } from './paper-mode';

const sheet = (board: number, fields: Partial<PaperBoard> = {}): PaperBoard => ({
  matchId: `00000000-0000-4000-8000-00000000000${board}`,
  board,
  version: 3,
  white: { name: `White ${board}`, schoolName: null },
  black: { name: `Black ${board}`, schoolName: null },
  result: null,
  reported: { white: null, black: null },
  differs: false,
  ...fields,
});

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('validating results from the score sheets', () => {
  it("keys a sheet, flags it when it differs from the players' reports, and counts it checked", async () => {
    const one = sheet(1, { reported: { white: 'white', black: null } });
    const two = sheet(2, { result: 'draw', reported: { white: 'draw', black: 'draw' } });
    const list: PaperBoardsResponse = { roundNumber: 4, boards: [one, two] };
    const answer: PaperResultResponse = {
      outcome: 'updated',
      message: RESULT_REPORT_MESSAGES.paperDiffers,
      board: { ...one, result: 'black', differs: true, version: 4 },
    };
    const fetchMock = stubFetch({
      '/api/admin/result-reports/paper': list,
      [`/api/admin/result-reports/paper/${one.matchId}`]: answer,
    });
    renderAt(<PaperMode />);
    expect(await screen.findByText('0 of 2 boards checked from paper.')).toBeTruthy();
    const card = screen.getByRole('heading', { name: 'Board 1: White 1 – Black 1' }).closest('li')!;
    expect(within(card).getByText('White reported 1-0; Black did not report.')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: '0-1' }));
    expect(await within(card).findByText(RESULT_REPORT_MESSAGES.paperDiffers)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ result: 'black', expectedVersion: 3 });
    expect(await screen.findByText('1 of 2 boards checked from paper.')).toBeTruthy();
  });

  it('goes straight to the board number typed', async () => {
    stubFetch({
      '/api/admin/result-reports/paper': { roundNumber: 4, boards: [sheet(1), sheet(2), sheet(3)] },
    });
    renderAt(<PaperMode />);
    fireEvent.change(await screen.findByLabelText('Go to board'), { target: { value: '2' } });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Board 2: White 2 – Black 2',
    ]);
  });
});
