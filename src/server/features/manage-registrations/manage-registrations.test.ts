import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADULT,
  mailsTo,
  openRegistration,
  register,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { MANAGE_REGISTRATION_MESSAGES as MESSAGES } from '../../../contracts/manage-registrations';
import { user } from '../../db/schema/auth';
import { registrations, registrationTeamPlayers } from '../../db/schema/registrations';
import { systemLogs } from '../../db/schema/settings';
import { players, tournaments } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

const BASE = '/api/admin/registrations';

describe('manage registrations (staff)', () => {
  let t: TestApp;
  let clock = Date.parse('2025-11-22T12:00:00Z');
  let superadmin: string;
  let superadminId: string;
  const db = () => t.database.db;
  const list = async (query = '') => {
    const response = await t.app.inject({ url: `${BASE}${query}`, headers: { cookie: superadmin } });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const act = (path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
    send(t.app, method, `${BASE}${path}`, body, superadmin);
  const row = async (id: string) =>
    (await db().select().from(registrations).where(eq(registrations.id, id)))[0]!;
  const logsFor = async (registrationId: string, actionType: string) =>
    (await db().select().from(systemLogs).where(eq(systemLogs.actionType, actionType))).filter(
      (log) =>
        log.metadata.registrationId === registrationId ||
        (log.metadata.registrationIds as string[] | undefined)?.includes(registrationId),
    );
  const activeTournamentId = async () =>
    (await db().select().from(tournaments).where(eq(tournaments.active, true)))[0]!.id;
  const tournamentPlayersIn = async (groupName: string) =>
    db()
      .select()
      .from(players)
      .where(and(eq(players.tournamentId, await activeTournamentId()), eq(players.groupName, groupName)));

  beforeAll(async () => {
    t = await startTestApp('pglite', { now: () => clock, registrationPowBits: 4 });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    superadminId = (await db().select().from(user).where(eq(user.email, 'superadmin@demo.test')))[0]!.id;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    clock = Date.parse('2025-11-22T12:00:00Z');
    await openRegistration(db());
  });

  it('lists with search, school and payment-state filters, and totals of what is shown', async () => {
    const north = await register(t.app, {
      schoolName: 'Northside Listing School',
      registrantName: 'Listing Teacher North',
      registrantEmail: 'north@listing.example',
      teams: [teamOf('Northside A'), teamOf('Northside B')],
    });
    const south = await register(t.app, {
      schoolName: 'Southside Listing School',
      registrantEmail: 'south@listing.example',
      teams: [teamOf('Southside A')],
    });
    expect(
      (await act(`/${south.registration.id}/mark-paid`, { via: 'cash', note: 'Paid at the desk' }))
        .statusCode,
    ).toBe(200);

    const bySchool = await list('?school=Northside%20Listing%20School');
    expect(bySchool.registrations.map((r: { id: string }) => r.id)).toEqual([north.registration.id]);
    expect(bySchool.totals).toEqual({
      registrations: 1,
      teams: 2,
      players: 8,
      dueCents: 12_000,
      paidCents: 0,
      outstandingCents: 12_000,
    });
    expect(bySchool.schools).toEqual(
      expect.arrayContaining(['Northside Listing School', 'Southside Listing School']),
    );

    // A player's name, the reference (any case), the registrant: each finds its registration.
    const byPlayer = await list(`?search=${encodeURIComponent('player one southside a 3')}`);
    expect(byPlayer.registrations.map((r: { id: string }) => r.id)).toEqual([south.registration.id]);
    const byReference = await list(`?search=${south.registration.reference.toLowerCase()}`);
    expect(byReference.registrations.map((r: { id: string }) => r.id)).toEqual([south.registration.id]);
    const byRegistrant = await list('?search=listing%20teacher%20north');
    expect(byRegistrant.registrations.map((r: { id: string }) => r.id)).toEqual([north.registration.id]);

    const paid = await list('?status=paid&search=listing');
    expect(paid.registrations).toHaveLength(1);
    expect(paid.registrations[0]).toMatchObject({
      id: south.registration.id,
      paymentStatus: 'paid',
      paidVia: 'cash',
      paymentNote: 'Paid at the desk',
      playerCount: 4,
      promotedPlayerCount: 0,
    });
    expect(paid.totals).toMatchObject({
      registrations: 1,
      dueCents: 6000,
      paidCents: 6000,
      outstandingCents: 0,
    });

    const both = await list('?search=listing');
    expect(both.totals).toMatchObject({ registrations: 2, teams: 3, dueCents: 18_000, paidCents: 6000 });

    const bad = await t.app.inject({ url: `${BASE}?status=refunded`, headers: { cookie: superadmin } });
    expect(bad.statusCode).toBe(400);
  });

  it('marks paid by bank transfer with a note: logged with the staff member, receipt mailed, once only', async () => {
    const { registration } = await register(t.app, { registrantEmail: 'transfer@school.example' });

    const noNote = await act(`/${registration.id}/mark-paid`, { via: 'bank_transfer', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    const card = await act(`/${registration.id}/mark-paid`, { via: 'card', note: 'x' });
    expect(card.statusCode).toBe(400);
    expect((await row(registration.id)).paymentStatus).toBe('unpaid');

    const paid = await act(`/${registration.id}/mark-paid`, {
      via: 'bank_transfer',
      note: 'Transfer ref 12345',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().message).toBe(MESSAGES.markedPaid(registration.reference, 'bank_transfer'));
    expect(paid.json().registration).toMatchObject({ paymentStatus: 'paid', paidVia: 'bank_transfer' });
    expect(await row(registration.id)).toMatchObject({
      paymentStatus: 'paid',
      paidVia: 'bank_transfer',
      paymentNote: 'Transfer ref 12345',
    });
    const [log] = await logsFor(registration.id, 'registration_paid');
    expect(log).toMatchObject({ userId: superadminId });
    expect(log?.metadata).toMatchObject({ via: 'bank_transfer', note: 'Transfer ref 12345' });
    const receipts = (await mailsTo(db(), 'transfer@school.example')).filter((mail) =>
      /receipt/i.test(mail.subject),
    );
    expect(receipts).toHaveLength(1);

    const again = await act(`/${registration.id}/mark-paid`, { via: 'cash', note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MESSAGES.alreadyPaid);
    expect((await row(registration.id)).paidVia).toBe('bank_transfer');
    expect(await logsFor(registration.id, 'registration_paid')).toHaveLength(1);

    const unknown = await act('/00000000-0000-4000-8000-000000000000/mark-paid', { via: 'cash', note: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('cancels with a reason; a paid registration only with confirmation, keeping its payment details', async () => {
    const unpaid = await register(t.app);
    expect((await act(`/${unpaid.registration.id}/cancel`, { reason: '' })).statusCode).toBe(400);
    const cancelled = await act(`/${unpaid.registration.id}/cancel`, { reason: 'School withdrew' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(MESSAGES.cancelledOk(unpaid.registration.reference));
    expect(await row(unpaid.registration.id)).toMatchObject({
      paymentStatus: 'cancelled',
      paymentNote: 'Cancelled: School withdrew',
    });
    const [log] = await logsFor(unpaid.registration.id, 'registration_cancelled');
    expect(log).toMatchObject({ userId: superadminId });
    expect(log?.metadata).toMatchObject({ reason: 'School withdrew', previousStatus: 'unpaid' });
    // Cancelled: no payment, no second cancellation.
    expect((await act(`/${unpaid.registration.id}/mark-paid`, { via: 'cash', note: 'x' })).statusCode).toBe(
      409,
    );
    expect((await act(`/${unpaid.registration.id}/cancel`, { reason: 'Again' })).statusCode).toBe(409);

    const paid = await register(t.app);
    await act(`/${paid.registration.id}/mark-paid`, { via: 'cash', note: 'Cash at desk' });
    const refused = await act(`/${paid.registration.id}/cancel`, { reason: 'Duplicate entry' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MESSAGES.confirmPaidCancel);
    expect((await row(paid.registration.id)).paymentStatus).toBe('paid');

    const confirmed = await act(`/${paid.registration.id}/cancel`, {
      reason: 'Duplicate entry',
      confirmPaid: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const after = await row(paid.registration.id);
    expect(after).toMatchObject({
      paymentStatus: 'cancelled',
      paidVia: 'cash',
      paymentNote: 'Cash at desk\nCancelled: Duplicate entry',
    });
    expect(after.paidAt).not.toBeNull();
  });

  it('renames teams and players after the closing date, refusing a mismatched or duplicate list', async () => {
    const { registration } = await register(t.app, { teams: [teamOf('Rename A'), teamOf('Rename B')] });
    await openRegistration(db(), { closes_at: '2025-11-01T00:00:00Z' });
    const current = (await list(`?search=${registration.reference}`)).registrations[0];
    const teams = current.teams.map(
      (team: { id: string; name: string; players: { id: string; name: string }[] }) => ({
        id: team.id,
        name: team.name,
        players: team.players.map((player) => ({ id: player.id, name: player.name })),
      }),
    );

    const duplicate = await act(
      `/${registration.id}/teams`,
      { teams: [teams[0], { ...teams[1], name: 'rename a' }] },
      'PUT',
    );
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error).toBe(MESSAGES.duplicateTeamName);
    const missing = await act(`/${registration.id}/teams`, { teams: [teams[0]] }, 'PUT');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(MESSAGES.teamsMismatch);

    teams[0].name = 'Renamed A';
    teams[1].players[2].name = 'Corrected Name';
    const saved = await act(`/${registration.id}/teams`, { teams }, 'PUT');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(MESSAGES.teamsSaved);
    expect(saved.json().registration.teams[0].name).toBe('Renamed A');
    expect(saved.json().registration.teams[1].players[2].name).toBe('Corrected Name');
    const [log] = await logsFor(registration.id, 'registration_teams_updated');
    expect(log).toMatchObject({ userId: superadminId });
    expect(log?.metadata.changes).toHaveLength(2);
  });

  it('promotes paid registrations into the active tournament with the team as group, once, in one go', async () => {
    const paid = await register(t.app, { teams: [teamOf('Promote A'), teamOf('Promote B')] });
    const unpaid = await register(t.app, { teams: [teamOf('Promote C')] });
    await act(`/${paid.registration.id}/mark-paid`, { via: 'cash', note: 'Desk' });

    const before = await list();
    expect(before.activeTournament).not.toBeNull();
    expect(before.promotableCount).toBeGreaterThanOrEqual(1);

    const all = await act('/promote', {});
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ created: expect.any(Number), linked: 0, skipped: 0 });
    expect(await tournamentPlayersIn('Promote A')).toHaveLength(4);
    expect(await tournamentPlayersIn('Promote B')).toHaveLength(4);
    expect(await tournamentPlayersIn('Promote C')).toHaveLength(0);
    expect((await row(paid.registration.id)).promotedAt).not.toBeNull();
    expect((await row(unpaid.registration.id)).promotedAt).toBeNull();
    // Each entry points at its tournament player.
    const promotedA = await tournamentPlayersIn('Promote A');
    const entriesA = await db()
      .select()
      .from(registrationTeamPlayers)
      .where(isNotNull(registrationTeamPlayers.playerId));
    for (const player of promotedA) {
      expect(entriesA.filter((entry) => entry.playerId === player.id).map((entry) => entry.name)).toEqual([
        player.name,
      ]);
    }
    const [log] = await logsFor(paid.registration.id, 'registrations_promoted');
    expect(log).toMatchObject({ userId: superadminId });

    // Again, and the same registration chosen explicitly: nothing is added twice.
    const again = await act('/promote', {});
    expect(again.json()).toMatchObject({ created: 0, linked: 0, message: MESSAGES.nothingToPromote });
    const chosen = await act('/promote', { registrationIds: [paid.registration.id] });
    expect(chosen.json()).toMatchObject({ created: 0, linked: 0, skipped: 8 });
    expect(await tournamentPlayersIn('Promote A')).toHaveLength(4);

    // A renamed promoted player is renamed in the tournament too.
    const view = (await list(`?search=${paid.registration.reference}`)).registrations[0];
    expect(view.promotedPlayerCount).toBe(8);
    const teams = view.teams.map(
      (team: { id: string; name: string; players: { id: string; name: string }[] }) => ({
        id: team.id,
        name: team.id === view.teams[1].id ? 'Promote B2' : team.name,
        players: team.players.map((player) => ({ id: player.id, name: player.name })),
      }),
    );
    expect((await act(`/${paid.registration.id}/teams`, { teams }, 'PUT')).statusCode).toBe(200);
    expect(await tournamentPlayersIn('Promote B')).toHaveLength(0);
    expect(await tournamentPlayersIn('Promote B2')).toHaveLength(4);

    // A player already entered by hand under the same name and team is linked, not duplicated.
    const unpaidTeam = (await list(`?search=${unpaid.registration.reference}`)).registrations[0].teams[0];
    await db()
      .insert(players)
      .values({
        tournamentId: await activeTournamentId(),
        name: unpaidTeam.players[0].name,
        groupName: 'Promote C',
      });
    const selected = await act('/promote', { registrationIds: [unpaid.registration.id] });
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({ created: 3, linked: 1, registrations: 1 });
    expect(await tournamentPlayersIn('Promote C')).toHaveLength(4);
  });

  it('leaves out players waiting for guardian consent until their guardian confirms', async () => {
    const minor = {
      name: 'Young Player',
      dateOfBirth: '2011-01-15',
      guardianConsent: { by: 'Guardian Example', email: 'guardian@family.example', confirmed: true as const },
    };
    const { registration } = await register(t.app, {
      teams: [teamOf('Consent A', [ADULT, minor, ADULT, ADULT])],
    });
    await act(`/${registration.id}/mark-paid`, { via: 'cash', note: 'Desk' });
    const waiting = await act('/promote', { registrationIds: [registration.id] });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toMatchObject({ created: 3, waitingConsent: 1 });
    expect(waiting.json().message).toContain(MESSAGES.waitingConsent(1));
    expect((await tournamentPlayersIn('Consent A')).map((player) => player.name)).not.toContain(
      'Young Player Consent A 2',
    );
    // Still listed as promotable: one player is left to bring in once consent arrives.
    expect((await list(`?search=${registration.reference}`)).registrations[0].promotedPlayerCount).toBe(3);

    await db()
      .update(registrationTeamPlayers)
      .set({ guardianConfirmedAt: new Date(clock) })
      .where(eq(registrationTeamPlayers.name, 'Young Player Consent A 2'));
    const confirmed = await act('/promote', {});
    expect(confirmed.json()).toMatchObject({ created: 1, waitingConsent: 0 });
    expect(await tournamentPlayersIn('Consent A')).toHaveLength(4);
  });

  it('refuses to promote a cancelled registration, or with no active tournament, changing nothing', async () => {
    const cancelled = await register(t.app, { teams: [teamOf('Refuse A')] });
    await act(`/${cancelled.registration.id}/cancel`, { reason: 'Withdrawn' });
    const refused = await act('/promote', { registrationIds: [cancelled.registration.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MESSAGES.promoteCancelled);
    expect(await tournamentPlayersIn('Refuse A')).toHaveLength(0);
    expect((await act('/promote', { registrationIds: [] })).statusCode).toBe(400);
    expect(
      (await act('/promote', { registrationIds: ['00000000-0000-4000-8000-000000000000'] })).statusCode,
    ).toBe(404);

    const paid = await register(t.app, { teams: [teamOf('Refuse B')] });
    await act(`/${paid.registration.id}/mark-paid`, { via: 'cash', note: 'Desk' });
    const id = await activeTournamentId();
    await db().update(tournaments).set({ active: false }).where(eq(tournaments.id, id));
    try {
      const none = await act('/promote', {});
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe(MESSAGES.noActiveTournament);
      expect((await row(paid.registration.id)).promotedAt).toBeNull();
    } finally {
      await db().update(tournaments).set({ active: true }).where(eq(tournaments.id, id));
    }
  });

  it('keeps the registration settings editor working through PUT /api/admin/registration-settings', async () => {
    const saved = await send(
      t.app,
      'PUT',
      '/api/admin/registration-settings',
      {
        is_enabled: true,
        team_price: 4550,
        closes_at: '2025-12-01T18:00:00Z',
        max_teams_per_registration: 6,
        max_teams_total: null,
      },
      superadmin,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ is_enabled: true, team_price: 4550, max_teams_per_registration: 6 });
  });
});
