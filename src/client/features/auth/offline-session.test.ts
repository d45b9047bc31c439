// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '../../../contracts/account';
import { createQueryClient } from '../../app/query-client';
import { ApiRequestError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { accessOf, type SessionState } from './access';
import { keepForOffline } from './offline-session';

const me: MeResponse = {
  user: { id: 'u1', email: 'arbiter@demo.test', name: 'Demo Arbiter' },
  role: 'admin',
  customRoleName: null,
  permissions: ['access_checkin_page'],
};
const signedIn: SessionState = { status: 'signed-in', me, access: accessOf(me) };
const deskAnswer = { players: [{ id: 'p1', name: 'Aoife Byrne' }] };

const stored = () => JSON.parse(sessionStorage.getItem('offline-copy') ?? 'null');
/** The copy is written once changes settle. */
const settle = () => vi.advanceTimersByTimeAsync(1_000);

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the copy a staff page reopens from offline (ADR 032)', () => {
  it('keeps the signed-in account and the check-in data, nothing else, and drops it all at sign-out', async () => {
    const client = createQueryClient();
    keepForOffline(client);
    client.setQueryData(queryKeys.session, signedIn);
    client.setQueryData(queryKeys.checkinDesk('aoife'), deskAnswer);
    client.setQueryData(['crm', 'tasks'], { tasks: ['not for the hall'] });
    await settle();
    const copy = stored();
    expect(copy.me).toEqual(me);
    const keys = copy.queries.queries.map((query: { queryKey: unknown }) => query.queryKey);
    expect(keys).toEqual([queryKeys.checkinDesk('aoife')]);

    client.setQueryData(queryKeys.session, { status: 'anonymous' } satisfies SessionState);
    await settle();
    expect(sessionStorage.getItem('offline-copy')).toBeNull();
  });

  it('keeps what an earlier page of the tab kept when another page opens with an empty cache', async () => {
    const desk = createQueryClient();
    keepForOffline(desk);
    desk.setQueryData(queryKeys.session, signedIn);
    desk.setQueryData(queryKeys.checkinDesk('aoife'), deskAnswer);
    await settle();

    // Result entry opened as a page of its own (a full load): a new cache, online.
    const results = createQueryClient();
    keepForOffline(results);
    results.setQueryData(queryKeys.session, signedIn);
    results.setQueryData(queryKeys.resultEntryRound('current'), { boards: [] });
    await settle();
    const keys = stored().queries.queries.map((query: { queryKey: unknown }) => query.queryKey);
    expect(keys).toEqual([queryKeys.resultEntryRound('current'), queryKeys.checkinDesk('aoife')]);
  });

  it('puts the copy back when the session cannot be read for want of a network', async () => {
    const first = createQueryClient();
    keepForOffline(first);
    first.setQueryData(queryKeys.session, signedIn);
    first.setQueryData(queryKeys.checkinDesk('aoife'), deskAnswer);
    await settle();

    // The tab reloads; the session's read gets no answer at all.
    const reloaded = createQueryClient();
    keepForOffline(reloaded);
    expect(reloaded.getQueryData(queryKeys.session)).toBeUndefined();
    await reloaded
      .fetchQuery({
        queryKey: queryKeys.session,
        queryFn: () => Promise.reject(new ApiRequestError('offline', 0, null)),
      })
      .catch(() => undefined);
    const session = reloaded.getQueryData<SessionState>(queryKeys.session);
    expect(session?.status).toBe('signed-in');
    expect(session?.status === 'signed-in' && session.access.permissions.has('access_checkin_page')).toBe(
      true,
    );
    expect(reloaded.getQueryData(queryKeys.checkinDesk('aoife'))).toEqual(deskAnswer);
  });

  it('does not sign anyone in from the copy when the server answers', async () => {
    const first = createQueryClient();
    keepForOffline(first);
    first.setQueryData(queryKeys.session, signedIn);
    await settle();

    const reloaded = createQueryClient();
    keepForOffline(reloaded);
    // The server says the session ended (a 401 reads as anonymous; any answer with a status is not "offline").
    await reloaded
      .fetchQuery({
        queryKey: queryKeys.session,
        queryFn: () => Promise.reject(new ApiRequestError('Server error', 500, null)),
      })
      .catch(() => undefined);
    expect(reloaded.getQueryData(queryKeys.session)).toBeUndefined();
  });
});
