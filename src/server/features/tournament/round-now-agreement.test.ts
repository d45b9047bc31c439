import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { homeResponseSchema } from '../../../contracts/home';
import { playerDashboardResponseSchema } from '../../../contracts/player-dashboard';
import { playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { roundsResponseSchema } from '../../../contracts/round-management';
import { currentRoundResponseSchema, tournamentResponseSchema } from '../../../contracts/tournament';
import { type RoundPhase, roundPhase } from '../../../domain/tournament/rounds';
import { matches } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

/** What one page says about "this round": its number and phase (a lookup entry knows only started or not). */
type Said = { number: number; phase: RoundPhase | 'started' };

/**
 * Issue 35 item 1: between rounds the pages once disagreed (the dashboard said "Round 4 · Upcoming" above a
 * round 5 board "In progress", the lookup "In progress" for a round only paired). Every page now asks domain
 * `roundNow`; this walks the demo through a round's life and compares what each of them says at every step.
 */
describe('which round it is now: every page agrees through a round’s life', () => {
  let t: TestApp;
  let arbiter: string;
  let player: string;

  const get = async (url: string, cookie?: string) => {
    const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  const post = async (url: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: arbiter, origin: TEST_PUBLIC_URL },
      payload: {},
    });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  };

  /** What each view says now, by page. */
  const views = async (): Promise<Record<string, Said | null>> => {
    const home = homeResponseSchema.parse(await get('/api/public/home'));
    const tournament = tournamentResponseSchema.parse(await get('/api/public/tournament'));
    const current = currentRoundResponseSchema.parse(await get('/api/public/rounds/current'));
    const lookup = playerLookupResponseSchema.parse(
      await get(`/api/public/players?name=${encodeURIComponent('Judit Polgár')}`),
    );
    const dashboard = playerDashboardResponseSchema.parse(await get('/api/me/player-dashboard', player));
    const admin = roundsResponseSchema.parse(await get('/api/admin/rounds', arbiter));
    const fromRound = (round: { number: number; status: 'upcoming' | 'active' | 'completed' } | null) =>
      round ? { number: round.number, phase: roundPhase(round) } : null;
    const entry = lookup.players[0]?.current;
    const adminCurrent = admin.rounds.find((round) => round.isCurrent) ?? null;
    const dashboardRound = dashboard.tournament?.currentRound ?? 0;
    const dashboardStatus = dashboard.player?.currentRoundStatus ?? null;
    return {
      'home: current round panel': fromRound(home.currentRound.round),
      'home: progress number': { number: home.stats?.currentRound ?? 0, phase: 'started' },
      'tournament summary number': { number: tournament.tournament?.currentRound ?? 0, phase: 'started' },
      'leaderboard: current round tab': fromRound(current.round),
      'player lookup': entry
        ? { number: entry.roundNumber, phase: entry.isStarted ? 'started' : 'paired' }
        : null,
      'player dashboard': dashboardStatus
        ? fromRound({ number: dashboardRound, status: dashboardStatus })
        : null,
      'round management: Current': fromRound(adminCurrent),
    };
  };

  /** Every view says `expected` (pages that know only the number, or only started-or-not, say that much). */
  const expectAgreement = async (expected: { number: number; phase: RoundPhase }) => {
    const loose: Record<string, Said> = {
      'home: progress number': { number: expected.number, phase: 'started' },
      'tournament summary number': { number: expected.number, phase: 'started' },
      'player lookup': { number: expected.number, phase: expected.phase === 'paired' ? 'paired' : 'started' },
    };
    const wanted = Object.fromEntries(
      Object.keys(await views()).map((page) => [page, loose[page] ?? expected]),
    );
    // The public snapshot is rebuilt when the change feed says so: wait for it to follow.
    await eventually(async () => {
      const said = await views();
      return JSON.stringify(said) === JSON.stringify(wanted) ? said : undefined;
    }).catch(() => undefined);
    expect(await views()).toEqual(wanted);
  };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    arbiter = (await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD)).cookie;
    player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  it('agrees while round 3 is played, once it is completed, once round 4 is paired and once it starts', async () => {
    await expectAgreement({ number: 3, phase: 'in_progress' });

    await t.database.db
      .update(matches)
      .set({ result: 'draw' })
      .where(and(eq(matches.roundNumber, 3), isNull(matches.result)));
    await post('/api/admin/rounds/3/complete');
    await expectAgreement({ number: 3, phase: 'completed' });

    // The moment players look for their boards: the paired round is "this round" everywhere, not yet started.
    await post('/api/admin/rounds/4/pairings');
    await expectAgreement({ number: 4, phase: 'paired' });

    await post('/api/admin/rounds/4/start');
    await expectAgreement({ number: 4, phase: 'in_progress' });
  });
});
