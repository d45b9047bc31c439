// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import type { RosterRequest } from '../../../contracts/roster-changes';
import { RosterRequestsPage } from './roster-requests-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const waiting: RosterRequest = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'substitution',
  schoolName: 'Harbour School',
  reference: 'REG-ABCD-EF',
  registrationId: '00000000-0000-4000-8000-000000000002',
  summary: 'Owen Older to take the place of Harbour A Board 3',
  reason: 'Board 3 is ill this morning',
  status: 'pending',
  pupilDetails: 'born 2000-03-03; no guardian consent needed',
  createdAt: '2026-11-29T09:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
};

describe('RosterRequestsPage', () => {
  it("shows each waiting request with the teacher's reason, and refuses one only with a note", async () => {
    const fetchMock = stubFetch({
      '/api/admin/roster-requests': { pending: [waiting], decided: [] },
      [`/api/admin/roster-requests/${waiting.id}/decision`]: {
        message: `Refused: ${waiting.summary}. The teacher is told by e-mail.`,
        pending: [],
        decided: [{ ...waiting, status: 'refused', decisionNote: 'Round 4 is paired.' }],
      },
    });
    renderAt(<RosterRequestsPage />);
    const card = await screen.findByRole('group', { name: waiting.summary });
    expect(card.textContent).toContain('Reason: Board 3 is ill this morning');
    expect(card.textContent).toContain('born 2000-03-03; no guardian consent needed');

    fireEvent.click(within(card).getByRole('button', { name: 'Refuse' }));
    const note = await screen.findByLabelText('Note for the teacher');
    expect((note as HTMLTextAreaElement).required).toBe(true);
    fireEvent.change(note, { target: { value: 'Round 4 is paired.' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, post] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post?.body))).toEqual({ decision: 'refuse', note: 'Round 4 is paired.' });
    expect(await screen.findByText('No request is waiting.')).toBeTruthy();
    expect(screen.getByText('Note: Round 4 is paired.')).toBeTruthy();
  });
});
