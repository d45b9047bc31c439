/**
 * The dress rehearsal's check-in phase (issue 34): the morning of the day, compressed. Through the HTTP API only:
 *
 * 1. staff issue the badges and read them (context.facts.players: every pupil entered, with their badge's
 *    token; at the end only those checked in, who are the ones paired; the absent in notes 'absentPlayers'),
 *    open check-in, and set up the door kiosks: each kiosk a tablet signed in with a check-in account
 *    of its own (staff create a "Door kiosk" role and one account per kiosk: the scan limit is per account);
 * 2. the pupils arrive over size.checkinMinutes simulated minutes: most scan their badge at a kiosk, the rest
 *    are found by name at the desk; about 2 % never come;
 * 3. meanwhile the desk's tablet is offline for size.offlineDeskMinutes: its check-ins (and a mistaken check-in
 *    of an absent pupil, undone at once) are queued as the client's outbox queues them, each with its client id
 *    and the time it was made, and replayed in order when the connection is back; the first is sent once more,
 *    as after a lost answer, and must get the stored answer;
 * 4. the overview must count exactly the pupils checked in; the kiosks leave kiosk mode.
 *
 * Ledger: 'check-in' (player id → 'checked-in' | 'absent') and 'audit' (check-in opened once; each replayed
 * action stored once with its answer). Timings: 'kiosk scan', 'desk check-in' (per action, ms) and 'offline
 * queue replay' (the whole queue, ms).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { BadgeList } from '../../../src/contracts/badges';
import type {
  CheckinActionResponse,
  CheckinOverview,
  CheckinSearchResponse,
} from '../../../src/contracts/checkin';
import type { KioskScanResponse } from '../../../src/contracts/kiosk';
import type { RehearsalContext, RehearsalPlayer, WriteKind } from '../context';
import type { Device } from '../http';
import { loggedTimes, seededRandom, shuffled, sleep, summarise } from './support';

const PHASE = 'checkin';
const KIOSK_ROLE = 'Door kiosk';

interface Queued {
  kind: 'check-in' | 'undo';
  player: RehearsalPlayer;
  clientId: string;
  madeAt: string;
}

/** One thing that happens at the desk, at a simulated minute. */
type DeskEvent =
  | { at: number; kind: 'arrives'; player: RehearsalPlayer }
  | { at: number; kind: 'mistake'; player: RehearsalPlayer }
  | { at: number; kind: 'undo'; player: RehearsalPlayer }
  | { at: number; kind: 'connection-back' };

export async function checkinPhase(context: RehearsalContext): Promise<void> {
  const { size, ledger, timings } = context;
  const log = (line: string) => context.log(`checkin: ${line}`);
  const record = (kind: WriteKind, key: string, expected: string) =>
    ledger.record({ kind, key, expected, phase: PHASE });
  const staff = await context.staff('superadmin');

  // 1. Badges, the players who play, check-in open, the kiosks.
  const issued = await staff.must<{ issued: number; message: string }>('POST', '/api/admin/badges/issue');
  const badges = await staff.must<BadgeList>('GET', '/api/admin/badges');
  if (!badges.tournament || badges.tournament.id !== context.facts.tournamentId) {
    throw new Error(`the badges are for ${badges.tournament?.id ?? 'no tournament'}, not the rehearsal's`);
  }
  const players: RehearsalPlayer[] = badges.players.flatMap((holder) =>
    holder.badge
      ? [
          {
            id: holder.id,
            name: holder.name,
            schoolName: holder.schoolName ?? '',
            badgeToken: holder.badge.token,
          },
        ]
      : [],
  );
  if (players.length !== badges.players.length) {
    throw new Error(`${badges.players.length - players.length} players have no badge after issuing`);
  }
  context.facts.players = players;
  await staff.must('PUT', '/api/admin/checkin/state', { open: true });
  record('audit', 'open_checkin', 'logged once');
  log(
    `${issued.issued} badges issued (${players.length} pupils, ${badges.schools.length} schools); check-in open`,
  );

  const random = seededRandom(34_002);
  const order = shuffled(random, players);
  const absentCount = Math.max(1, Math.round(players.length * 0.02));
  const absent = order.slice(0, absentCount);
  const present = order.slice(absentCount);
  const deskCount = Math.max(4, Math.round(present.length * 0.2));
  const desk = present.slice(0, deskCount);
  const atKiosks = present.slice(deskCount);
  const kioskCount = Math.max(2, Math.ceil(atKiosks.length / 90));
  const kiosks = await kioskTablets(context, staff, kioskCount);

  // When each pupil arrives (simulated minutes; most in the middle), and the desk's offline window.
  const minutes = size.checkinMinutes;
  const arrival = () => ((random() + random()) / 2) * minutes;
  const offlineFrom = Math.min(minutes * 0.25, minutes - size.offlineDeskMinutes);
  const offlineUntil = offlineFrom + size.offlineDeskMinutes;
  const inWindow = () => offlineFrom + (0.05 + 0.9 * random()) * size.offlineDeskMinutes;
  const forcedOffline = Math.max(3, Math.round((desk.length * size.offlineDeskMinutes) / minutes));
  const deskEvents: DeskEvent[] = [
    ...desk.map((player, index) => ({
      at: index < forcedOffline ? inWindow() : arrival(),
      kind: 'arrives' as const,
      player,
    })),
    // The desk ticks an absent pupil by mistake (a namesake's row), and undoes it at once: both queued.
    { at: offlineFrom + 0.02 * size.offlineDeskMinutes, kind: 'mistake', player: absent[0]! },
    { at: offlineFrom + 0.03 * size.offlineDeskMinutes, kind: 'undo', player: absent[0]! },
    { at: offlineUntil, kind: 'connection-back' },
  ];
  deskEvents.sort((a, b) => a.at - b.at);
  const kioskQueues = kiosks.map(() => [] as { at: number; player: RehearsalPlayer }[]);
  const kioskArrivals = atKiosks.map((player) => ({ at: arrival(), player })).sort((a, b) => a.at - b.at);
  for (const [index, arrivalAt] of kioskArrivals.entries())
    kioskQueues[index % kiosks.length]!.push(arrivalAt);
  for (const player of absent) record('check-in', player.id, 'absent');
  log(
    `${present.length} pupils arrive over ${minutes} simulated minutes (${size.msPerSimulatedMinute} ms each): ` +
      `${atKiosks.length} at ${kiosks.length} kiosks, ${desk.length} at the desk (offline from minute ` +
      `${offlineFrom.toFixed(1)} to ${offlineUntil.toFixed(1)}); ${absent.length} absent`,
  );

  // 2. and 3. The kiosks and the desk, at once.
  const start = performance.now();
  const until = (minute: number) => sleep(start + minute * size.msPerSimulatedMinute - performance.now());
  const kioskScans: number[] = [];
  const deskTimes: number[] = [];
  const doubleScan = atKiosks[0]!;

  const kioskLane = async (kiosk: Device, queue: { at: number; player: RehearsalPlayer }[]) => {
    for (const { at, player } of queue) {
      await until(at);
      const scans = player === doubleScan ? 2 : 1;
      for (let scan = 0; scan < scans; scan += 1) {
        const sent = performance.now();
        const answer = await kiosk.must<KioskScanResponse>('POST', '/api/kiosk/scan', {
          token: player.badgeToken,
        });
        const ms = performance.now() - sent;
        kioskScans.push(ms);
        timings.add('kiosk scan', ms);
        const expected = scan === 0 ? 'checked-in' : 'already-checked-in';
        if (answer.kind !== 'player' || answer.player.id !== player.id || answer.outcome !== expected) {
          throw new Error(
            `${kiosk.label}: scanning ${player.name} answered ${JSON.stringify(answer).slice(0, 200)}`,
          );
        }
      }
      record('check-in', player.id, 'checked-in');
    }
  };

  const deskDevice = await context.staff('arbiter');
  const queued: Queued[] = [];
  const replayed = { actions: 0, ms: 0 };
  const deskLane = async () => {
    for (const event of deskEvents) {
      await until(event.at);
      const offline = event.at >= offlineFrom && event.at < offlineUntil;
      if (event.kind === 'connection-back') {
        await replay(deskDevice, queued, context, replayed);
        continue;
      }
      if (offline) {
        // The outbox keeps it: its id, and the time it was made on the tablet.
        const kind = event.kind === 'undo' ? 'undo' : 'check-in';
        queued.push({ kind, player: event.player, clientId: randomUUID(), madeAt: new Date().toISOString() });
        continue;
      }
      if (event.kind !== 'arrives') throw new Error(`a desk ${event.kind} outside the offline window`);
      // Online: the desk finds the pupil by name and checks them in.
      const sent = performance.now();
      const found = await deskDevice.must<CheckinSearchResponse>(
        'GET',
        `/api/admin/checkin/players?search=${encodeURIComponent(event.player.name)}`,
      );
      const row = found.players.find((candidate) => candidate.id === event.player.id);
      if (!row) throw new Error(`the desk cannot find ${event.player.name}`);
      const answer = await deskDevice.must<CheckinActionResponse>(
        'POST',
        `/api/admin/checkin/players/${row.id}`,
        {},
      );
      const ms = performance.now() - sent;
      deskTimes.push(ms);
      timings.add('desk check-in', ms);
      if (!answer.player.checkedInAt || answer.player.source !== 'desk') {
        throw new Error(`the desk's check-in of ${row.name} answered ${JSON.stringify(answer.player)}`);
      }
      record('check-in', row.id, 'checked-in');
    }
  };

  await Promise.all([deskLane(), ...kiosks.map((kiosk, index) => kioskLane(kiosk, kioskQueues[index]!))]);
  const elapsed = performance.now() - start;
  log(
    `${atKiosks.length + 1} kiosk scans (one pupil scanned twice): ${summarise(kioskScans)}; ` +
      `${deskTimes.length} online desk check-ins (search + check-in): ${summarise(deskTimes)}; ` +
      `all in ${(elapsed / 1000).toFixed(1)} s real`,
  );
  log(
    `the desk's ${replayed.actions} queued actions replayed in order in ${replayed.ms.toFixed(0)} ms ` +
      `(${(replayed.ms / Math.max(1, replayed.actions)).toFixed(1)} ms each); the first sent again got its stored answer`,
  );

  // 4. The overview counts exactly who came; the kiosks leave kiosk mode.
  const overview = await staff.must<CheckinOverview>('GET', '/api/admin/checkin/overview');
  const expectedIn = present.length;
  const missing = new Set(overview.missing.map((player) => player.id));
  const absentIds = new Set(absent.map((player) => player.id));
  if (
    overview.counts.checkedIn !== expectedIn ||
    overview.counts.total !== players.length ||
    missing.size !== absentIds.size ||
    [...missing].some((id) => !absentIds.has(id))
  ) {
    throw new Error(
      `the overview says ${overview.counts.checkedIn} of ${overview.counts.total} checked in, ${missing.size} missing; ` +
        `expected ${expectedIn} of ${players.length}, ${absentIds.size} missing`,
    );
  }
  const sources = new Map<string, number>();
  for (const arrivalRow of overview.arrivals) {
    sources.set(arrivalRow.source ?? 'none', (sources.get(arrivalRow.source ?? 'none') ?? 0) + 1);
  }
  for (const kiosk of kiosks) {
    await kiosk.must('POST', '/api/kiosk/unlock', { password: kioskPasswords.get(kiosk)! });
    kiosk.close();
  }
  // Who plays from here on: the pupils checked in (only they are paired); the absent ones are kept apart.
  context.facts.players = players.filter((player) => !absentIds.has(player.id));
  context.facts.notes.set('absentPlayers', absent);
  log(
    `overview: ${overview.counts.checkedIn} of ${overview.counts.total} checked in (${[...sources]
      .map(([source, count]) => `${count} ${source}`)
      .join(', ')}), ${missing.size} missing; kiosks closed`,
  );
}

const kioskPasswords = new WeakMap<Device, string>();

/**
 * The door kiosks: a role with the check-in desk permission only, and an account per kiosk (the scan limit,
 * 300 a minute, is per account: ADR 031), each signed in on its own tablet, as volunteers would.
 */
async function kioskTablets(context: RehearsalContext, staff: Device, count: number): Promise<Device[]> {
  const role = await staff.request('POST', '/api/admin/custom-roles', {
    name: KIOSK_ROLE,
    description: 'The door kiosks: badge scans at the entrance',
    permissions: ['access_checkin_page'],
  });
  if (role.status !== 201 && role.status !== 409) {
    throw new Error(`creating the kiosk role answered ${role.status}: ${role.text.slice(0, 200)}`);
  }
  const tablets: Device[] = [];
  for (let k = 1; k <= count; k += 1) {
    const email = `kiosk-${k}-${randomBytes(3).toString('hex')}@rehearsal.example`;
    const password = `Door-${randomBytes(12).toString('base64url')}`;
    await staff.must('POST', '/api/admin/users', {
      email,
      password,
      fullName: `Door kiosk ${k}`,
      role: 'player',
      customRoleName: KIOSK_ROLE,
    });
    const tablet = context.http.device(PHASE, `kiosk ${k}`);
    await tablet.signIn(email, password);
    const state = await tablet.must<{ open: boolean }>('GET', '/api/admin/checkin/state');
    if (!state.open) throw new Error(`kiosk ${k} sees check-in closed`);
    kioskPasswords.set(tablet, password);
    tablets.push(tablet);
  }
  return tablets;
}

/**
 * The desk's outbox when the connection is back: each queued action in the order it was made, with its client
 * id, its time and source 'offline' (src/client/features/checkin/desk-actions.ts); then the first once more, as
 * when its answer was lost, which must be the stored answer. A check-in keeps the time it was made.
 */
async function replay(
  desk: Device,
  queued: readonly Queued[],
  context: RehearsalContext,
  totals: { actions: number; ms: number },
): Promise<void> {
  if (queued.length === 0) throw new Error('the desk queued nothing while offline');
  const record = (kind: WriteKind, key: string, expected: string) =>
    context.ledger.record({ kind, key, expected, phase: PHASE });
  const send = (action: Queued) =>
    desk.must<CheckinActionResponse>(
      action.kind === 'check-in' ? 'POST' : 'DELETE',
      `/api/admin/checkin/players/${action.player.id}`,
      { clientId: action.clientId, madeAt: action.madeAt, source: 'offline' },
    );
  const started = performance.now();
  const answers: CheckinActionResponse[] = [];
  for (const action of queued) answers.push(await send(action));
  const ms = performance.now() - started;
  context.timings.add('offline queue replay', ms);
  totals.actions += queued.length;
  totals.ms += ms;
  for (const [index, action] of queued.entries()) {
    const answer = answers[index]!;
    if (action.kind === 'check-in') {
      if (
        answer.player.checkedInAt === null ||
        Date.parse(answer.player.checkedInAt) !== Date.parse(action.madeAt)
      ) {
        throw new Error(
          `the replayed check-in of ${action.player.name} is dated ${answer.player.checkedInAt}, made at ${action.madeAt}`,
        );
      }
      record('check-in', action.player.id, 'checked-in');
      // Stored at the time it was made on the tablet, not when it arrived (checked against the database).
      record('check-in', `at:${action.player.id}`, new Date(action.madeAt).toISOString());
    } else {
      if (answer.player.checkedInAt !== null)
        throw new Error(`the replayed undo of ${action.player.name} did not undo`);
      record('check-in', action.player.id, 'absent');
      record('check-in', `at:${action.player.id}`, 'none');
    }
    record('audit', `client-action:${action.clientId}`, `checkin.${action.kind}:200`);
  }
  const again = await send(queued[0]!);
  if (JSON.stringify(again) !== JSON.stringify(answers[0])) {
    throw new Error(`the first queued action sent again got ${JSON.stringify(again)}, not its stored answer`);
  }
}

/**
 * The end state of what this phase records, read with SQL in the ledger's words:
 * - check-in: player id → 'checked-in' | 'absent' (every player of every tournament), and 'at:<player id>' →
 *   when the check-in is dated (ISO) | 'none';
 * - audit: 'open_checkin' → 'logged once' | 'logged <n> times'; 'client-action:<client id>' → '<kind>:<status>'.
 */
export async function checkinFinalState(db: pg.Client): Promise<Map<WriteKind, Map<string, string>>> {
  const checkins = new Map<string, string>();
  const players = await db.query<{ id: string; checked_in_at: Date | null }>(
    'select id, checked_in_at from players',
  );
  for (const row of players.rows) {
    checkins.set(row.id, row.checked_in_at ? 'checked-in' : 'absent');
    checkins.set(`at:${row.id}`, row.checked_in_at ? row.checked_in_at.toISOString() : 'none');
  }

  const audit = new Map<string, string>();
  const opened = await db.query<{ n: string }>(
    `select count(*) as n from system_logs where action_type = 'open_checkin'`,
  );
  const n = Number(opened.rows[0]?.n ?? 0);
  if (n > 0) audit.set('open_checkin', loggedTimes(n));
  const actions = await db.query<{ client_id: string; kind: string; status_code: number }>(
    `select client_id, kind, status_code from client_actions where kind like 'checkin.%'`,
  );
  for (const row of actions.rows)
    audit.set(`client-action:${row.client_id}`, `${row.kind}:${row.status_code}`);
  return new Map<WriteKind, Map<string, string>>([
    ['check-in', checkins],
    ['audit', audit],
  ]);
}
