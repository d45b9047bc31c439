// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import {
  type AdminRoundActions,
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

const NOTHING: AdminRoundActions = {
  pair: 'unavailable',
  start: 'unavailable',
  complete: 'unavailable',
  changePairings: 'unavailable',
};
/** What the server's lifecycle says of the demo's rounds: 1–4 completed, round 5 next to pair. */
const NEXT_TO_PAIR: AdminRoundActions = {
  ...NOTHING,
  pair: 'ready',
  start: 'blocked',
  changePairings: 'blocked',
};
const summary = (
  number: number,
  status: AdminRoundSummary['status'],
  actions: AdminRoundActions = number === 5 ? NEXT_TO_PAIR : NOTHING,
): AdminRoundSummary => ({
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
  actions,
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

describe('RoundManagementPage: buttons follow the round lifecycle the server sends', () => {
  it('offers no Start, Complete or Generate on a round whose actions the lifecycle refuses', async () => {
    // Round 2 in progress, round 3 paired: the domain refuses starting round 3 (complete round 2 first), and
    // pairing it again, though its status is upcoming.
    const ready = (actions: Partial<AdminRoundActions>) => ({ ...NOTHING, ...actions });
    stubFetch({
      '/api/admin/rounds': {
        tournament: { name: 'Schools Team Chess Championship 2025', currentRound: 2, totalRounds: 3 },
        rounds: [
          summary(1, 'completed'),
          { ...summary(2, 'active', ready({ complete: 'blocked' })), isCurrent: true },
          { ...summary(3, 'upcoming', ready({ changePairings: 'ready' })), boards: 1, isNext: true },
        ],
      } satisfies RoundsResponse,
      '/api/admin/rounds/2': { round: summary(2, 'active'), boards: [], byes: [] },
      '/api/admin/rounds/3': { ...round5, round: { ...round5.round, number: 3 } },
    });
    renderAt(<RoundManagementPage />);
    const row = (n: number) => screen.findByRole('listitem', { name: `Round ${n}` });

    const round3 = await row(3);
    expect(within(round3).getByText('Upcoming')).toBeTruthy();
    expect(within(round3).queryByRole('button', { name: /Start round/ })).toBeNull();
    expect(within(round3).queryByRole('button', { name: /pairings/ })).toBeNull();
    // A blocked step is still offered: trying it gives the server's reason (results missing).
    expect(within(await row(2)).getByRole('button', { name: /Complete round ?2/ })).toBeTruthy();
    expect(within(await row(2)).queryByRole('button', { name: /Start round/ })).toBeNull();
    expect(
      within(await row(1))
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Round 1Completed1/1 boards finished']);
  });
});
