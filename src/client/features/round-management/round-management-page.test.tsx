// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import {
  type AdminRoundPlayer,
  type AdminRoundSummary,
  type GeneratePairingsResponse,
  REPEAT_BYE_NEEDED_CODE,
  ROUND_MESSAGES,
  type RoundDetail,
  type RoundsResponse,
} from '../../../contracts/round-management';
import { RoundManagementPage } from './round-management-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (number: number, status: AdminRoundSummary['status']): AdminRoundSummary => ({
  number,
  status,
  statusLabel: status === 'completed' ? 'Completed' : status === 'active' ? 'In Progress' : 'Upcoming',
  startTime: null,
  endTime: null,
  boards: status === 'upcoming' ? 0 : 1,
  finished: status === 'upcoming' ? 0 : 1,
  byes: 0,
  pairingNotes: [],
  isCurrent: number === 4,
  isNext: number === 5,
});
const rounds: RoundsResponse = {
  tournament: { name: 'Schools Team Chess Championship 2025', currentRound: 4, totalRounds: 5 },
  rounds: [1, 2, 3, 4].map((n) => summary(n, 'completed')).concat(summary(5, 'upcoming')),
};
// Names from the demo tournament.
const player = (n: number, name: string): AdminRoundPlayer => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  groupName: "St Kevin's A",
  school: "St Kevin's",
  rating: 1500,
  halfPoints: 4,
});
const tal = player(1, 'Mikhail Tal');
const polgar = player(2, 'Judit Polgár');
const menchik = player(3, 'Vera Menchik');
const round4: RoundDetail = {
  round: summary(4, 'completed'),
  boards: [{ board: 1, white: tal, black: polgar, result: 'draw' }],
  byes: [],
};
const round5: RoundDetail = {
  round: { ...summary(5, 'upcoming'), boards: 1, byes: 1 },
  boards: [{ board: 1, white: tal, black: polgar, result: null }],
  byes: [{ player: menchik, kind: 'pairing' }],
};
const generated: GeneratePairingsResponse = {
  ...round5,
  message: ROUND_MESSAGES.generated(5),
  pairedFrom: 'checked_in',
  pairedPlayers: 3,
  explanations: [],
};
const PAIRINGS = '/api/admin/rounds/5/pairings';
const refusal = (message: string, code?: string) =>
  new StubAnswer(409, { error: message, requestId: 'test', ...(code ? { code } : {}) });
const sentBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === PAIRINGS && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

// jsdom drops the space that starts the screen-reader-only " for Round 5" (Chromium keeps it).
const GENERATE = /^Generate pairings ?for Round 5$/;

async function generate() {
  fireEvent.click(await screen.findByRole('button', { name: GENERATE }));
}

describe('RoundManagementPage: a second pairing-allocated bye', () => {
  it("shows the server's refusal, and pairs with the bye allowed only when the arbiter confirms", async () => {
    const message = ROUND_MESSAGES.repeatByeNeeded([menchik.name]);
    const answers: Record<string, unknown> = {
      '/api/admin/rounds': rounds,
      '/api/admin/rounds/4': round4,
      '/api/admin/rounds/5': round5,
      [PAIRINGS]: refusal(message, REPEAT_BYE_NEEDED_CODE),
    };
    const fetchMock = stubFetch(answers);
    renderAt(<RoundManagementPage />);

    await generate();
    const dialog = await screen.findByRole('dialog', { name: 'Allow a second pairing-allocated bye?' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock)).toEqual([{}]);

    await generate();
    answers[PAIRINGS] = generated;
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Allow a second bye and pair' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock)).toEqual([{}, {}, { allowRepeatBye: true }]);
    expect(await screen.findByRole('heading', { name: 'Round 5 pairings' })).toBeTruthy();
  });

  it('asks nothing for the other refusals', async () => {
    const fetchMock = stubFetch({
      '/api/admin/rounds': rounds,
      '/api/admin/rounds/4': round4,
      // The same words without the code are not the consent case: only the server's code opens the dialog.
      [PAIRINGS]: refusal(ROUND_MESSAGES.repeatByeNeeded([menchik.name])),
    });
    renderAt(<RoundManagementPage />);
    await generate();
    await waitFor(() => expect(sentBodies(fetchMock)).toEqual([{}]));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: GENERATE }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
