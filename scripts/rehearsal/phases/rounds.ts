/**
 * The dress rehearsal's rounds (issue 34): every round of the day, as the arbiter and the pupils play it.
 *
 * For each round 1…size.rounds: the arbiter pairs it (POST /api/admin/rounds/<n>/pairings) and starts it; the
 * pupils report their results from their own phones with their badges (ADR 040: POST /api/reports/boards, then
 * POST /api/reports), both sides of every board, about `size.disagreeingShare` of the boards disagreeing; the
 * arbiter settles the disputes from the queue (GET /api/admin/result-reports/queue, then
 * PUT /api/admin/match-results/<id> naming the version read), enters from the score sheet any board the phones
 * could not settle, and completes the round (POST /api/admin/rounds/<n>/complete). Halfway through each round's
 * reports the runner's fault is injected (`hooks.midRound`) while the reports go on.
 *
 * A phone whose request gets no answer, a 5xx, 408 or 429 sends it again after the outbox's pause (2 s, 4 s, 8 s…
 * spread by ±25 %, src/client/lib/outbox/outbox-core.ts) with the same client id, so it lands once; only a 2xx is
 * an acknowledged write. Staff clicking again after a failed request do the same after a second or two.
 *
 * Public viewers and the hall's screens (../viewers.ts) run throughout. Timings: 'round turnaround' (the round's
 * last acknowledged result → the next round's pairings public), 'report answered' (each acknowledged report's
 * request), 'pairing → every viewer', 'result → every viewer' and 'pairing → every screen'.
 *
 * Ledger: 'result' per match id (the result as the database stores it: 'white', 'black', 'draw'), 'audit'
 * `result:<matchId>` = 'update_match_result' for every acknowledged result write (a confirmation by the phones or
 * the arbiter's: each goes through core/results and writes that row), and 'audit' `report:<matchId>:<side>` =
 * 'report_result' for every acknowledged report (each stored report writes one).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ReportableBoard, ReportResultResponse } from '../../../src/contracts/result-reports';
import type { RehearsalContext, RehearsalPlayer, WriteKind } from '../context';
import type { Answer, Device } from '../http';
import { type ScreenWall, startScreens, startViewers, type ViewerFleet } from '../viewers';
import { loggedTimes, seededRandom, shuffled, sleep, summarise } from './support';

const PHASE = 'rounds';

type Side = 'white' | 'black';
type Result = 'white' | 'black' | 'draw';

/** Over how many simulated minutes a round's games end (and so its reports arrive). */
const REPORTING_MINUTES = 20;
/** How long after the game's end each player reports (simulated minutes, at most). */
const REPORT_AFTER_GAME_MINUTES = 1;
/** A phone gives a report up after this long without an answer it can act on. */
const PHONE_DEADLINE_MS = 180_000;
/** Staff give an action up after this long (a fault is over well within it). */
const STAFF_DEADLINE_MS = 120_000;
/** How long the viewers and screens get to show the last round before they stop. */
const SETTLE_MS = 15_000;

/** The outbox's wait after the n-th failed try (outbox-core.ts retryDelay). */
const outboxDelay = (attempts: number) =>
  Math.round(Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1)) * (0.75 + 0.5 * Math.random()));
/** Staff see the error and press the button again. */
const staffDelay = () => 1_000 + Math.floor(Math.random() * 1_000);
const isRetryable = (status: number) => status === 0 || status >= 500 || status === 408 || status === 429;

interface Sent<T> {
  answer: Answer<T>;
  /** Tries made (1 when the first answered). */
  attempts: number;
  /** The last try's request time in ms. */
  latency: number;
}

/**
 * Sends a request until it gets an answer that is not worth retrying (or the deadline passes: then the last
 * answer, status 0 for none). The body is the same every time, so a client id in it makes the retry land once.
 */
async function sendUntilAnswered<T>(
  device: Device,
  method: string,
  path: string,
  body: unknown,
  pause: (attempts: number) => number,
  deadlineMs: number,
): Promise<Sent<T>> {
  const deadline = Date.now() + deadlineMs;
  for (let attempts = 1; ; attempts += 1) {
    const t0 = performance.now();
    let answer: Answer<T>;
    try {
      answer = await device.request<T>(method, path, body);
    } catch (error) {
      answer = { status: 0, headers: {}, json: null as T, text: String(error) };
    }
    const latency = performance.now() - t0;
    if (!isRetryable(answer.status) || Date.now() + pause(attempts) > deadline) {
      return { answer, attempts, latency };
    }
    await sleep(pause(attempts));
  }
}

const refusal = (what: string, answer: Answer) =>
  new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);

// --- the contracts' shapes this phase reads (src/contracts/round-management.ts, match-results.ts, result-reports.ts) ---

interface AdminRound {
  number: number;
  status: 'upcoming' | 'active' | 'completed';
  boards: number;
  finished: number;
}
interface RoundsAnswer {
  tournament: { totalRounds: number } | null;
  rounds: AdminRound[];
}
interface EntryBoard {
  matchId: string;
  board: number;
  white: { name: string; schoolName: string | null };
  black: { name: string; schoolName: string | null };
  result: string | null;
  version: number;
}
interface EntryAnswer {
  round: { number: number; status: string } | null;
  boards: EntryBoard[];
  counts: { finished: number; total: number };
}
interface QueueAnswer {
  roundNumber: number | null;
  rows: { matchId: string; board: number; version: number; reason: 'disputed' | 'one-sided' | 'no-report' }[];
}
interface GenerateAnswer {
  boards: unknown[];
  byes: unknown[];
  pairedFrom: string;
  pairedPlayers: number;
}
interface PublicRound {
  round: { number: number; status: string } | null;
  boards: unknown[];
}

/** What the two sides of a board will report, and what the board's result really is. */
interface BoardPlan {
  matchId: string;
  round: number;
  board: number;
  result: Result;
  claims: Record<Side, Result>;
  isDisputed: boolean;
  /** The sides whose report was sent, and those the site acknowledged. */
  sent: Set<Side>;
  acknowledged: Set<Side>;
  /** Whether the site acknowledged the board's result (by the phones' confirmation or the arbiter). */
  isSettled: boolean;
}

/** White wins a little more often than Black; about one game in six is drawn. */
function randomResult(random: () => number): Result {
  const draw = random();
  if (draw < 0.44) return 'white';
  if (draw < 0.61) return 'draw';
  return 'black';
}

/** Two different claims for a disputed board (usually both claim the win), one of which is the true result. */
function disputedClaims(random: () => number): { result: Result; claims: Record<Side, Result> } {
  const pick = random();
  if (pick < 0.6) {
    const claims: Record<Side, Result> = { white: 'white', black: 'black' };
    return { result: random() < 0.5 ? 'white' : 'black', claims };
  }
  if (pick < 0.8) return { result: 'draw', claims: { white: 'draw', black: 'black' } };
  return { result: 'white', claims: { white: 'white', black: 'draw' } };
}

/** The phase's counters, logged per round and kept in notes 'reports'. */
interface RoundCounts {
  round: number;
  boards: number;
  reports: number;
  acknowledged: number;
  retries: number;
  /** Reports that landed although no answer said so (a retry refused: the board was already settled). */
  landedUnacknowledged: number;
  failed: number;
  disputes: number;
  settledByArbiter: number;
  enteredFromPaper: number;
}

export async function roundsPhase(
  context: RehearsalContext,
  hooks: { midRound(round: number): Promise<void> },
): Promise<void> {
  const { size } = context;
  const arbiter = await context.staff('arbiter');
  const minute = size.msPerSimulatedMinute;
  /** The day's results, disputes and timing (the same run plays the same day; the network's jitter is its own). */
  const random = seededRandom(34_003);

  /** A staff action that must succeed: retried while no process answers, refused otherwise. */
  const staffMust = async <T>(method: string, path: string, body?: unknown): Promise<Sent<T>> => {
    const sent = await sendUntilAnswered<T>(
      arbiter,
      method,
      path,
      body ?? (method === 'GET' ? undefined : {}),
      staffDelay,
      STAFF_DEADLINE_MS,
    );
    if (sent.answer.status < 200 || sent.answer.status >= 300)
      throw refusal(`${method} ${path}`, sent.answer);
    if (sent.attempts > 1) context.log(`rounds: ${method} ${path} answered after ${sent.attempts} tries`);
    return sent;
  };
  const readRounds = async () => (await staffMust<RoundsAnswer>('GET', '/api/admin/rounds')).answer.json;

  // Reporting from the phones is the arbiter's switch (rule manageRounds), off by default.
  await staffMust('PUT', '/api/admin/result-reports/settings', {
    enabled: true,
    captains_may_confirm: true,
    one_sided_minutes: 5,
  });
  context.log('rounds: reporting from the phones switched on');

  const viewers: ViewerFleet = startViewers(context, size.viewers);
  let screens: ScreenWall | null = null;
  let screensFailed: unknown = null;
  try {
    screens = await startScreens(context, size.screens);
  } catch (error) {
    screensFailed = error;
    context.log(`rounds: the venue screens could not start: ${String(error)}`);
  }

  const playersByName = new Map<string, RehearsalPlayer>();
  for (const player of context.facts.players)
    playersByName.set(`${player.name}\u0000${player.schoolName}`, player);
  const phones = new Map<string, Device>();
  const phoneOf = (player: RehearsalPlayer) => {
    let phone = phones.get(player.id);
    if (!phone) {
      phone = context.http.device(PHASE, `phone of ${player.name}`);
      phones.set(player.id, phone);
    }
    return phone;
  };
  const poller = context.http.device(PHASE, 'turnaround poller');

  const paired: number[] = [];
  const counts: RoundCounts[] = [];
  /** When the site acknowledged the last result of the round before (for the turnaround). */
  let lastResultAt: number | null = null;

  /**
   * The board's result was acknowledged (the phones' confirmation or the arbiter's entry): the ledger expects
   * the result the board was really played to (`plan.result`), not what the answer said, so a result stored
   * wrongly (colours swapped, a draw as a win) is caught against the database.
   */
  const recordResult = (plan: BoardPlan, at: number) => {
    context.ledger.record({ kind: 'result', key: plan.matchId, expected: plan.result, phase: PHASE });
    context.ledger.record({
      kind: 'audit',
      key: `result:${plan.matchId}`,
      expected: loggedTimes(1),
      phase: PHASE,
    });
    plan.isSettled = true;
    lastResultAt = Math.max(lastResultAt ?? 0, at);
  };

  /**
   * Polls the public current round until it shows `round` with `boards` boards; the first time it did.
   * Started before the pairing request, since the pairings may be public before its answer arrives.
   */
  const watchPublicRound = (round: number) => {
    const firstSeen = new Map<number, number>();
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        try {
          const answer = await poller.get<PublicRound>('/api/public/rounds/current');
          const at = Date.now();
          if (answer.status === 200 && answer.json.round?.number === round) {
            const shown = answer.json.boards.length;
            if (!firstSeen.has(shown)) firstSeen.set(shown, at);
          }
        } catch {
          // No process answered: poll again.
        }
        await sleep(50);
      }
    })();
    return {
      async until(boards: number, timeoutMs: number): Promise<number | null> {
        const deadline = Date.now() + timeoutMs;
        while (!firstSeen.has(boards) && Date.now() < deadline) await sleep(20);
        stopped = true;
        await loop;
        return firstSeen.get(boards) ?? null;
      },
    };
  };

  const pair = async (round: number) => {
    const publicRound = watchPublicRound(round);
    const since = Date.now();
    let sent = await sendUntilAnswered<GenerateAnswer>(
      arbiter,
      'POST',
      `/api/admin/rounds/${round}/pairings`,
      {},
      staffDelay,
      STAFF_DEADLINE_MS,
    );
    if (sent.answer.status === 409 && sent.answer.text.includes('repeat_bye_needed')) {
      // The server refuses a second pairing-allocated bye until the arbiter consents (FIDE C.04.1.d).
      context.log(`rounds: round ${round} needs a second pairing-allocated bye: the arbiter consents`);
      sent = await sendUntilAnswered<GenerateAnswer>(
        arbiter,
        'POST',
        `/api/admin/rounds/${round}/pairings`,
        { allowRepeatBye: true },
        staffDelay,
        STAFF_DEADLINE_MS,
      );
    }
    if (sent.answer.status !== 200) {
      await publicRound.until(-1, 0);
      throw refusal(`POST /api/admin/rounds/${round}/pairings`, sent.answer);
    }
    const answered = Date.now() - since;
    const { boards, byes, pairedFrom, pairedPlayers } = sent.answer.json;
    viewers.expectRound(round, boards.length, since);
    screens?.expectRound(round, since);
    const shownAt = await publicRound.until(boards.length, 30_000);
    if (shownAt === null) throw new Error(`round ${round}'s pairings were not public within 30 s`);
    paired.push(round);
    if (lastResultAt !== null) context.timings.add('round turnaround', shownAt - lastResultAt);
    context.log(
      `rounds: round ${round} paired: ${boards.length} boards, ${byes.length} byes (${pairedPlayers} players, ${pairedFrom}); ` +
        `answered in ${answered} ms, public after ${Math.max(0, shownAt - since)} ms` +
        (lastResultAt === null
          ? ''
          : `, ${shownAt - lastResultAt} ms after the last result of the round before`),
    );
  };

  /** Starts or completes a round; a lost answer is told by the round's status read again. */
  const roundAction = async (round: number, action: 'start' | 'complete') => {
    const path = `/api/admin/rounds/${round}/${action}`;
    const sent = await sendUntilAnswered(arbiter, 'POST', path, {}, staffDelay, STAFF_DEADLINE_MS);
    if (sent.answer.status === 200) return;
    const wanted = action === 'start' ? 'active' : 'completed';
    const now = (await readRounds()).rounds.find((candidate) => candidate.number === round);
    if (sent.attempts > 1 && now?.status === wanted) {
      context.log(`rounds: POST ${path}: the first try had done it (answer lost)`);
      return;
    }
    throw refusal(`POST ${path}`, sent.answer);
  };

  /** The arbiter sets a board's result (the queue's "settle" and score-sheet entry use the same write). */
  const arbiterSets = async (plan: BoardPlan, version: number): Promise<boolean> => {
    let expectedVersion = version;
    for (let tries = 0; tries < 5; tries += 1) {
      const body = { result: plan.result, expectedVersion, clientId: randomUUID() };
      const sent = await sendUntilAnswered<{ board: { result: string | null } }>(
        arbiter,
        'PUT',
        `/api/admin/match-results/${plan.matchId}`,
        body,
        staffDelay,
        STAFF_DEADLINE_MS,
      );
      if (sent.answer.status === 200) {
        recordResult(plan, Date.now());
        return true;
      }
      const current = (sent.answer.json as { current?: { version: number; result: string | null } } | null)
        ?.current;
      if (sent.answer.status === 409 && current) {
        // The board changed since the arbiter read it (the phones confirmed it meanwhile): read again.
        if (current.result !== null) {
          context.log(
            `rounds: board ${plan.board} was settled meanwhile (${current.result}); the arbiter leaves it`,
          );
          return false;
        }
        expectedVersion = current.version;
        continue;
      }
      throw refusal(`PUT /api/admin/match-results/${plan.matchId}`, sent.answer);
    }
    throw new Error(`the arbiter could not set board ${plan.board}: it kept changing`);
  };

  const playRound = async (round: number) => {
    const entry = (await staffMust<EntryAnswer>('GET', `/api/admin/match-results?round=${round}`)).answer
      .json;
    const open = entry.boards.filter((board) => board.result === null);
    const disputedCount =
      size.disagreeingShare > 0 && open.length > 0
        ? Math.max(1, Math.round(open.length * size.disagreeingShare))
        : 0;
    const disputedIds = new Set(
      shuffled(random, open)
        .slice(0, disputedCount)
        .map((board) => board.matchId),
    );
    const plans = new Map<string, BoardPlan>();
    for (const board of open) {
      const isDisputed = disputedIds.has(board.matchId);
      const planned = isDisputed
        ? disputedClaims(random)
        : (() => {
            const result = randomResult(random);
            return { result, claims: { white: result, black: result } };
          })();
      plans.set(board.matchId, {
        matchId: board.matchId,
        round,
        board: board.board,
        ...planned,
        isDisputed,
        sent: new Set(),
        acknowledged: new Set(),
        isSettled: false,
      });
    }
    // One agreeing board whose result the viewers watch for, from the sending of its second report on.
    const watched =
      shuffled(
        random,
        [...plans.values()].filter((plan) => !plan.isDisputed),
      )[0] ?? null;

    const tally: RoundCounts = {
      round,
      boards: entry.boards.length,
      reports: 0,
      acknowledged: 0,
      retries: 0,
      landedUnacknowledged: 0,
      failed: 0,
      disputes: disputedCount,
      settledByArbiter: 0,
      enteredFromPaper: 0,
    };
    counts.push(tally);
    const answeredMs: number[] = [];

    // Each board's game ends at a random moment of the round; each player reports within a minute of it.
    const spread = REPORTING_MINUTES * minute;
    const schedule: { at: number; player: RehearsalPlayer; plan: BoardPlan }[] = [];
    let unknownPlayers = 0;
    for (const board of open) {
      const plan = plans.get(board.matchId)!;
      const gameEnd = random() * spread;
      for (const side of ['white', 'black'] as const) {
        const player = playersByName.get(`${board[side].name}\u0000${board[side].schoolName}`);
        if (!player) {
          unknownPlayers += 1;
          continue;
        }
        schedule.push({ at: gameEnd + random() * REPORT_AFTER_GAME_MINUTES * minute, player, plan });
      }
    }
    if (unknownPlayers > 0) {
      context.log(
        `rounds: round ${round}: ${unknownPlayers} players on the boards have no badge in the facts`,
      );
    }
    schedule.sort((a, b) => a.at - b.at);
    context.log(
      `rounds: round ${round}: ${open.length} boards to report (${disputedCount} will disagree), ${schedule.length} reports over ${Math.round(spread / 1000)} s`,
    );

    const fault: { running: Promise<void> | null; error: unknown; endedAt: number } = {
      running: null,
      error: null,
      endedAt: 0,
    };
    const startFault = () => {
      if (fault.running) return;
      context.log(`rounds: round ${round}: halfway through the reports — the runner's fault now`);
      fault.running = hooks
        .midRound(round)
        .catch((error: unknown) => {
          fault.error = error;
        })
        .finally(() => {
          fault.endedAt = Date.now();
        });
    };

    /** One pupil's phone: the report page reads the badge's board, then the pupil taps the result. */
    const report = async (player: RehearsalPlayer, expected: BoardPlan) => {
      const phone = phoneOf(player);
      const credential = player.badgeToken;
      const boards = await sendUntilAnswered<{ boards: ReportableBoard[] }>(
        phone,
        'POST',
        '/api/reports/boards',
        { credential },
        outboxDelay,
        PHONE_DEADLINE_MS,
      );
      tally.retries += boards.attempts - 1;
      if (boards.answer.status !== 200) {
        tally.failed += 1;
        context.log(`rounds: ${phone.label}: POST /api/reports/boards answered ${boards.answer.status}`);
        return;
      }
      const board = boards.answer.json.boards.find((candidate) => candidate.sides.length > 0);
      if (!board || board.result !== null) return;
      const plan = plans.get(board.matchId) ?? expected;
      const side = board.sides[0]!;
      const other: Side = side === 'white' ? 'black' : 'white';
      // The second side's report confirms the board: the viewers time its result from here.
      if (plan === watched && plan.sent.has(other)) {
        viewers.expectResult({
          matchId: plan.matchId,
          round,
          board: plan.board,
          result: plan.result,
          since: Date.now(),
        });
      }
      plan.sent.add(side);
      tally.reports += 1;
      const clientId = randomUUID();
      const sent = await sendUntilAnswered<ReportResultResponse>(
        phone,
        'POST',
        '/api/reports',
        { credential, matchId: board.matchId, result: plan.claims[side], clientId },
        outboxDelay,
        PHONE_DEADLINE_MS,
      );
      tally.retries += sent.attempts - 1;
      // The page reads its boards again once the report is settled (useSendReport's onSettled), once.
      await phone.request('POST', '/api/reports/boards', { credential }).catch(() => undefined);
      const { answer } = sent;
      if (answer.status === 200) {
        tally.acknowledged += 1;
        answeredMs.push(sent.latency);
        context.timings.add('report answered', sent.latency);
        plan.acknowledged.add(side);
        context.ledger.record({
          kind: 'audit',
          key: `report:${plan.matchId}:${side}`,
          expected: loggedTimes(1),
          phase: PHASE,
        });
        // 'unchanged' with the board final: a retry whose first try confirmed it (that answer was lost).
        const confirmed =
          answer.json.outcome === 'confirmed' ||
          (answer.json.outcome === 'unchanged' && answer.json.board.state === 'final');
        if (answer.json.outcome === 'unchanged' && sent.attempts > 1) tally.landedUnacknowledged += 1;
        if (confirmed) recordResult(plan, Date.now());
        return;
      }
      // A repeated report answers 'unchanged' (even after the board was confirmed), so any refusal here means
      // this phone's report did not land.
      tally.failed += 1;
      context.log(
        `rounds: ${phone.label}: POST /api/reports answered ${answer.status}: ${answer.text.slice(0, 200)}`,
      );
    };

    /** The arbiter keeps the queue open and settles each dispute as it appears. */
    const settleDisputes = async () => {
      const queue = (await staffMust<QueueAnswer>('GET', '/api/admin/result-reports/queue')).answer.json;
      if (queue.roundNumber !== round) return;
      for (const row of queue.rows) {
        if (row.reason !== 'disputed') continue;
        const plan = plans.get(row.matchId);
        if (!plan || plan.isSettled) continue;
        if (await arbiterSets(plan, row.version)) tally.settledByArbiter += 1;
      }
    };

    const t0 = Date.now();
    const half = Math.ceil(schedule.length / 2);
    if (schedule.length === 0) startFault();
    let phonesDone = false;
    const arbiterLoop = (async () => {
      while (!phonesDone) {
        await sleep(Math.max(1_000, 2 * minute));
        if (!phonesDone) await settleDisputes();
      }
    })();
    const reports: Promise<void>[] = [];
    for (const [index, item] of schedule.entries()) {
      const wait = t0 + item.at - Date.now();
      if (wait > 0) await sleep(wait);
      if (index === half) startFault();
      reports.push(report(item.player, item.plan));
    }
    await Promise.all(reports);
    phonesDone = true;
    await arbiterLoop;
    await settleDisputes();

    // Whatever the phones could not settle, the arbiter keys from the score sheet (the result the board really had).
    const after = (await staffMust<EntryAnswer>('GET', `/api/admin/match-results?round=${round}`)).answer
      .json;
    for (const board of after.boards) {
      if (board.result !== null) continue;
      const plan = plans.get(board.matchId);
      if (!plan) throw new Error(`round ${round} board ${board.board} has no result and was not planned`);
      if (await arbiterSets(plan, board.version)) tally.enteredFromPaper += 1;
    }
    startFault();
    await fault.running;
    if (fault.error) throw fault.error;
    // The round is complete once the fault is over: the turnaround counts from whichever came last.
    if (lastResultAt !== null) lastResultAt = Math.max(lastResultAt, fault.endedAt);

    // Every phone report must land, and every board the phones agreed on must be confirmed by them: a failed
    // report or a board the arbiter had to key from the score sheet stops the rehearsal (the day would have
    // gone on, but the phones' path failed and the checks would not see it otherwise).
    if (tally.failed > 0 || tally.enteredFromPaper > 0) {
      throw new Error(
        `round ${round}: ${tally.failed} phone reports refused or given up, ${tally.enteredFromPaper} boards keyed from the score sheet`,
      );
    }
    const answered = `report answered: ${summarise(answeredMs)}`;
    context.log(
      `rounds: round ${round}: ${tally.acknowledged}/${tally.reports} reports acknowledged, ${tally.retries} retries, ` +
        `${tally.landedUnacknowledged} landed without an answer, ${tally.failed} refused or given up; ` +
        `${tally.settledByArbiter} disputes settled by the arbiter, ${tally.enteredFromPaper} entered from the score sheet; ${answered}`,
    );
  };

  let failure: unknown = null;
  try {
    for (let round = 1; round <= size.rounds; round += 1) {
      let rounds = await readRounds();
      if ((rounds.tournament?.totalRounds ?? 0) < size.rounds) {
        await staffMust('PUT', '/api/admin/rounds/count', { totalRounds: size.rounds });
        context.log(`rounds: the tournament now has ${size.rounds} rounds`);
        rounds = await readRounds();
      }
      const summary = rounds.rounds.find((candidate) => candidate.number === round);
      if (!summary) throw new Error(`round ${round} is not in GET /api/admin/rounds`);
      if (summary.status === 'completed') {
        context.log(`rounds: round ${round} is already completed`);
        continue;
      }
      if (summary.status === 'upcoming') {
        await pair(round);
        await roundAction(round, 'start');
        context.log(`rounds: round ${round} started`);
      }
      await playRound(round);
      await roundAction(round, 'complete');
      context.log(`rounds: round ${round} completed`);
    }
  } catch (error) {
    failure = error;
  } finally {
    await Promise.all([viewers.settle(SETTLE_MS), screens?.settle(SETTLE_MS)]);
    context.facts.notes.set('viewers', await viewers.stop());
    context.facts.notes.set('screens', screens ? await screens.stop() : []);
    context.facts.notes.set('rounds', paired);
    context.facts.notes.set('reports', counts);
    for (const phone of phones.values()) phone.close();
    poller.close();
  }
  if (failure) throw failure;
  if (screensFailed) throw screensFailed;
  const total = counts.reduce((sum, tally) => sum + tally.retries, 0);
  context.log(`rounds: ${paired.length} rounds paired and played; ${total} retries by the phones in all`);
}

/**
 * The end state of what this phase wrote, read with SQL (run.ts merges the phases' readers): every match of the active
 * tournament with its result ('none' for none), and the audit rows of result writes and reports.
 */
export async function roundsFinalState(db: pg.Client): Promise<Map<WriteKind, Map<string, string>>> {
  const results = new Map<string, string>();
  const matches = await db.query<{ id: string; result: string | null }>(
    `select m.id, m.result from matches m join tournaments t on t.id = m.tournament_id where t.active`,
  );
  for (const row of matches.rows) results.set(row.id, row.result ?? 'none');
  const audit = new Map<string, string>();
  // Counted, not just found: a retried or resent write must not log twice.
  const logs = await db.query<{ action_type: string; match_id: string; side: string | null; n: string }>(
    `select action_type, metadata->>'matchId' as match_id, metadata->>'side' as side, count(*) as n
       from system_logs
      where action_type in ('update_match_result', 'report_result') and metadata ? 'matchId'
      group by 1, 2, 3`,
  );
  for (const row of logs.rows) {
    const key =
      row.action_type === 'update_match_result'
        ? `result:${row.match_id}`
        : `report:${row.match_id}:${row.side}`;
    audit.set(key, loggedTimes(Number(row.n)));
  }
  return new Map<WriteKind, Map<string, string>>([
    ['result', results],
    ['audit', audit],
  ]);
}
