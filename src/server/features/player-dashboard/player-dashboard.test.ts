import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { playerDashboardResponseSchema } from '../../../contracts/player-dashboard';
import { SETTING_KEYS } from '../../../contracts/settings';
import { saveSetting } from '../../core/settings/settings.repo';
import { user } from '../../db/schema/auth';
import { matches, players, rounds } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe('GET /api/me/player-dashboard', () => {
  let t: TestApp;
  let player: string;
  let other: string;
  let admin: string;

  const dashboard = async (cookie: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/me/player-dashboard',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { response, body: playerDashboardResponseSchema.parse(response.json()) };
  };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const auth = createTestAuth(t.database);
    await seedDemoAccounts(t.database.db, auth);
    await auth.api.signUpEmail({
      body: { email: 'other@example.org', password: DEMO_PASSWORD, name: 'Other player' },
    });
    player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
    other = (await signIn(t.app, 'other@example.org', DEMO_PASSWORD)).cookie;
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  it("shows the linked player's board, colour and opponent this round, results, standing and team", async () => {
    const { response, body } = await dashboard(player);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(body.tournament).toEqual({
      name: 'Schools Team Chess Championship 2025',
      currentRound: 3,
      totalRounds: 5,
    });
    const me = body.player!;
    expect(me.name).toBe('Judit Polgár');

    const [row] = await t.database.db.select().from(players).where(eq(players.name, 'Judit Polgár'));
    const [game] = await t.database.db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.roundNumber, 3),
          or(eq(matches.whitePlayerId, row!.id), eq(matches.blackPlayerId, row!.id)),
        ),
      );
    expect(me.current?.board).toBe(game!.boardNumber);
    expect(me.current?.colour).toBe(game!.whitePlayerId === row!.id ? 'white' : 'black');
    expect(me.currentRoundStatus).toBe('active');
    expect(me.history.map((round) => round.roundNumber)).toEqual([1, 2]);

    const leaderboard = leaderboardResponseSchema.parse(
      (await t.app.inject('/api/public/leaderboard')).json(),
    );
    const standing = leaderboard.players.find((entry) => entry.name === 'Judit Polgár')!;
    expect(me.rank).toBe(standing.rank);
    expect([me.halfPoints, me.wins, me.draws, me.losses]).toEqual([
      standing.halfPoints,
      standing.wins,
      standing.draws,
      standing.losses,
    ]);
    expect(me.rankedPlayers).toBe(56);
    const team = leaderboard.teams.find((entry) => entry.members.some((m) => m.name === 'Judit Polgár'))!;
    expect(me.team).toEqual({
      team: team.team,
      school: team.school,
      rank: team.rank,
      halfPoints: team.halfPoints,
      teamCount: 14,
    });
  });

  it('gives an account without a linked player no player at all, never someone else', async () => {
    for (const cookie of [other, admin]) {
      const { body } = await dashboard(cookie);
      expect(body.player).toBeNull();
      expect(body.tournament?.name).toBe('Schools Team Chess Championship 2025');
    }
  });

  it('follows the link: each account sees only its own player', async () => {
    const [account] = await t.database.db.select().from(user).where(eq(user.email, 'other@example.org'));
    await t.database.db
      .update(players)
      .set({ userId: account!.id })
      .where(eq(players.name, 'Magnus Carlsen'));
    const mine = await eventually(async () => {
      const { body } = await dashboard(other);
      return body.player ? body : undefined;
    });
    expect(mine.player?.name).toBe('Magnus Carlsen');
    expect((await dashboard(player)).body.player?.name).toBe('Judit Polgár');
    expect((await dashboard(admin)).body.player).toBeNull();
  });

  it('hides rank and team rank while the leaderboard is hidden, and keeps the board', async () => {
    await saveSetting(t.database.db, SETTING_KEYS.leaderboardVisible, false);
    const body = await eventually(async () => {
      const value = (await dashboard(player)).body;
      return value.player?.rank === null ? value : undefined;
    });
    expect(body.player?.rankedPlayers).toBeNull();
    expect(body.player?.team?.rank).toBeNull();
    expect(body.player?.current?.board).toBeGreaterThan(0);
    await saveSetting(t.database.db, SETTING_KEYS.leaderboardVisible, true);
  });

  it('reports the current round as completed once it is, keeping its board', async () => {
    await t.database.db.update(rounds).set({ status: 'completed' }).where(eq(rounds.number, 3));
    const body = await eventually(async () => {
      const value = (await dashboard(player)).body;
      return value.player?.currentRoundStatus === 'completed' ? value : undefined;
    });
    expect(body.player?.current?.roundNumber).toBe(3);
  });

  it('refuses anonymous requests', async () => {
    const response = await t.app.inject('/api/me/player-dashboard');
    expect(response.statusCode).toBe(401);
    expect(Object.keys(response.json()).sort()).toEqual(['error', 'requestId']);
  });
});
