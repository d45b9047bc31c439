// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import { rosterRulesSentences } from '../../../contracts/roster-change-messages';
import { DEFAULT_ROSTER_RULES } from '../../../domain/roster-changes';
import { RosterRulesPage } from './roster-rules-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RosterRulesPage', () => {
  it('shows the sentences the public page will say as the rules are typed, and saves what was typed', async () => {
    const fetchMock = stubFetch({
      '/api/admin/roster-rules': {
        rules: DEFAULT_ROSTER_RULES,
        stored: false,
        totalRounds: 5,
        sentences: rosterRulesSentences(DEFAULT_ROSTER_RULES, 5),
        message: 'Roster rules saved.',
      },
    });
    renderAt(<RosterRulesPage />);
    const preview = await screen.findByRole('region', { name: 'What parents and teachers read' });
    expect(preview.textContent).toContain('Each pupil may request 1 half-point bye');
    expect(preview.textContent).toContain('Late entries are taken until round 3 is paired');
    expect(screen.getByRole('option', { name: 'The middle round (round 3)' })).toBeTruthy();
    // Nothing is stored yet: there is nothing to reset.
    expect(screen.queryByRole('button', { name: 'Reset to the defaults' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Half-point byes per pupil'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Half-point bye in the final round' }));
    fireEvent.change(screen.getByLabelText('Taken until this round is paired'), { target: { value: '4' } });
    expect(preview.textContent).toContain('Each pupil may request 2 half-point byes');
    expect(preview.textContent).not.toContain('final round');
    expect(preview.textContent).toContain('Late entries are taken until round 4 is paired');

    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, put] = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put?.body))).toEqual({
      ...DEFAULT_ROSTER_RULES,
      halfPointByesPerPlayer: 2,
      finalRoundByeAfterStart: true,
      lateEntryUntilRound: 4,
    });
  });
});
