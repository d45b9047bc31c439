// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import {
  RESULT_REPORT_MESSAGES,
  type ReportableBoard,
  type ReportBoardsResponse,
  type ReportResultResponse,
} from '../../../contracts/result-reports';
import { ReportPage } from './report-page';

const board: ReportableBoard = {
  matchId: '00000000-0000-4000-8000-000000000001',
  roundNumber: 3,
  board: 12,
  white: { name: 'Judit Polgár', schoolName: "St Kevin's" },
  black: { name: 'Vera Menchik', schoolName: 'Loreto College' },
  sides: ['white'],
  result: null,
  yourReport: null,
  otherSideReported: false,
  state: 'waiting',
};
const boards: ReportBoardsResponse = {
  holder: { kind: 'player', name: 'Judit Polgár' },
  roundNumber: 3,
  boards: [board],
  message: null,
};
const TOKEN = 'abcdefghijklmnopqrstuvwxyz';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('reporting a result from a phone', () => {
  it("reads the badge from the QR code's link, shows the board and sends the pressed result", async () => {
    const answer: ReportResultResponse = {
      outcome: 'recorded',
      message: RESULT_REPORT_MESSAGES.recorded,
      board: { ...board, yourReport: 'white', state: 'reported' },
    };
    const fetchMock = stubFetch({ '/api/reports/boards': boards, '/api/reports': answer });
    window.history.replaceState(null, '', `/report#t=${TOKEN}`);
    renderAt(<ReportPage />, { path: '/report', url: '/report' });

    expect(await screen.findByRole('heading', { name: 'Round 3 · Board 12' })).toBeTruthy();
    // The token leaves the address bar at once and is never put in a URL the server sees.
    expect(window.location.hash).toBe('');
    expect(bodiesOf(fetchMock, '/api/reports/boards')).toEqual([{ credential: TOKEN }]);

    fireEvent.click(screen.getByRole('button', { name: '1-0' }));
    expect(await screen.findByText(RESULT_REPORT_MESSAGES.leavePieces)).toBeTruthy();
    expect(screen.getByText(RESULT_REPORT_MESSAGES.recorded)).toBeTruthy();
    const [sent] = bodiesOf(fetchMock, '/api/reports');
    expect(sent).toMatchObject({ credential: TOKEN, matchId: board.matchId, result: 'white' });
    expect(typeof sent.clientId).toBe('string');
  });

  it('takes a typed code, and says so plainly when the badge is not valid', async () => {
    stubFetch({
      '/api/reports/boards': new StubAnswer(404, {
        error: RESULT_REPORT_MESSAGES.unknownBadge,
        requestId: 'x',
      }),
    });
    renderAt(<ReportPage />, { path: '/report', url: '/report' });
    fireEvent.change(await screen.findByLabelText('Badge code'), { target: { value: 'abcd-efgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my board' }));
    expect(await screen.findByText(RESULT_REPORT_MESSAGES.unknownBadge)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use another badge' }));
    await waitFor(() => expect(screen.getByLabelText('Badge code')).toBeTruthy());
  });

  it('refuses something that cannot be a badge code before asking the server', async () => {
    const fetchMock = stubFetch({});
    renderAt(<ReportPage />, { path: '/report', url: '/report' });
    fireEvent.change(await screen.findByLabelText('Badge code'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my board' }));
    expect(await screen.findByText(/Type the 8 characters printed under the QR code/)).toBeTruthy();
    expect(bodiesOf(fetchMock, '/api/reports/boards')).toEqual([]);
  });

  describe("from a teacher's account", () => {
    const signedIn = {
      '/api/auth/get-session': { user: { id: 'u1' }, session: { id: 's1' } },
      '/api/me': {
        user: { id: 'u1', email: 'teacher@school.example', name: 'A. Teacher' },
        role: 'player',
        customRoleName: null,
        permissions: [],
      },
    };

    it("lists the pupils' boards and reports with the session, no badge", async () => {
      const pupils: ReportBoardsResponse = { ...boards, holder: { kind: 'teacher', name: 'A. Teacher' } };
      const answer: ReportResultResponse = {
        outcome: 'recorded',
        message: RESULT_REPORT_MESSAGES.recorded,
        board: { ...board, yourReport: 'draw', state: 'reported' },
      };
      const fetchMock = stubFetch({
        ...signedIn,
        '/api/reports/account/boards': pupils,
        '/api/reports/account': answer,
      });
      renderAt(<ReportPage />, { path: '/report', url: '/report' });
      expect(await screen.findByRole('heading', { name: 'Round 3 · Board 12' })).toBeTruthy();
      expect(screen.getByText(/for your school's pupils/)).toBeTruthy();
      expect(screen.getByText('White · your pupil')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '½-½' }));
      expect(await screen.findByText(RESULT_REPORT_MESSAGES.leavePieces)).toBeTruthy();
      const [sent] = bodiesOf(fetchMock, '/api/reports/account');
      expect(sent).toMatchObject({ matchId: board.matchId, result: 'draw' });
      expect(sent).not.toHaveProperty('credential');
      expect(bodiesOf(fetchMock, '/api/reports')).toEqual([]);
    });

    it('asks for a badge when the account registered no school, and offers a retry when the server fails', async () => {
      const fetchMock = stubFetch({
        ...signedIn,
        '/api/reports/account/boards': {
          holder: null,
          roundNumber: null,
          boards: [],
          message: RESULT_REPORT_MESSAGES.noSchoolOfAccount,
        },
      });
      renderAt(<ReportPage />, { path: '/report', url: '/report' });
      expect(await screen.findByLabelText('Badge code')).toBeTruthy();
      const asked = fetchMock.mock.calls.filter(
        ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/reports/account/boards',
      );
      expect(asked).toHaveLength(1);
      cleanup();

      stubFetch({
        ...signedIn,
        '/api/reports/account/boards': new StubAnswer(503, { error: 'Try again shortly', requestId: 'y' }),
      });
      renderAt(<ReportPage />, { path: '/report', url: '/report' });
      expect(await screen.findByText("Your pupils' boards could not be loaded")).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.queryByLabelText('Badge code')).toBeNull();
    });
  });
});
