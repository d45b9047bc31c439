/**
 * The offline outbox's rules (ADR 032), free of IndexedDB, timers and the network so they are tested as plain
 * functions: which actions are due, how a send's outcome moves an action on, how long to wait before the next
 * try, how a second change of the same thing replaces a waiting one, and what the status line says.
 */
import { OUTBOX_MESSAGES } from '../../../contracts/client-actions';

/** One queued action: what to do (`kind` names its sender), with what, and where it stands. */
export interface OutboxEntry {
  /** The client id the server keys the action on (crypto.randomUUID()). */
  id: string;
  kind: string;
  payload: unknown;
  /** When the action was made on this device (ISO), sent as `madeAt`. */
  madeAt: string;
  /** Two actions with the same key are about the same thing (one board, one player): a newer replaces an older. */
  key: string;
  /** Enqueue order, so the actions are sent in the order they were made. */
  seq: number;
  attempts: number;
  /** Epoch ms before which the action is not sent again (after a failed try). */
  notBefore: number;
  state: 'waiting' | 'failed' | 'conflict';
  /** The server's refusal (failed) or the conflict's message. */
  message?: string;
  /** For a conflict: what the server says now (e.g. the board as stored). */
  current?: unknown;
}

/** What became of one send, as the kind's sender reports it. */
export type SendOutcome =
  | { kind: 'sent' }
  /** No answer, a 5xx, 408 or 429: stays queued and is tried again later. */
  | { kind: 'retry' }
  /** Refused (a 4xx other than a conflict): shown until the user discards it. */
  | { kind: 'failed'; message: string }
  /** The thing changed meanwhile: shown to the user to resolve. */
  | { kind: 'conflict'; message: string; current: unknown };

/** An HTTP status (0: no answer) to the outbox's way of handling it; `isConflict` says what counts as one. */
export function outcomeOfStatus(
  status: number,
  message: string,
  options: { current?: unknown; isConflict?: boolean } = {},
): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 0 || status >= 500 || status === 408 || status === 429) return { kind: 'retry' };
  if (status === 409 && options.isConflict) return { kind: 'conflict', message, current: options.current };
  return { kind: 'failed', message };
}

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 60_000;

/**
 * The wait after the n-th failed try: 2 s, 4 s, 8 s … up to a minute, spread by `jitter` (0–1) so that forty
 * devices coming back with the Wi-Fi do not all retry in the same second.
 */
export function retryDelay(attempts: number, jitter: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + 0.5 * jitter));
}

/** The waiting actions that may be sent now, oldest first. */
export function dueEntries(entries: readonly OutboxEntry[], now: number): OutboxEntry[] {
  return entries
    .filter((entry) => entry.state === 'waiting' && entry.notBefore <= now)
    .sort((a, b) => a.seq - b.seq);
}

/** When the next waiting action becomes due (null: nothing waits). */
export function nextDueAt(entries: readonly OutboxEntry[]): number | null {
  const waiting = entries.filter((entry) => entry.state === 'waiting').map((entry) => entry.notBefore);
  return waiting.length === 0 ? null : Math.min(...waiting);
}

/**
 * The entry after a send: null when it is done (sent, or the server has it already), else the entry moved on.
 */
export function afterSend(
  entry: OutboxEntry,
  outcome: SendOutcome,
  now: number,
  jitter: number,
): OutboxEntry | null {
  switch (outcome.kind) {
    case 'sent':
      return null;
    case 'retry': {
      const attempts = entry.attempts + 1;
      return { ...entry, attempts, notBefore: now + retryDelay(attempts, jitter) };
    }
    case 'failed':
      return { ...entry, attempts: entry.attempts + 1, state: 'failed', message: outcome.message };
    case 'conflict':
      return {
        ...entry,
        attempts: entry.attempts + 1,
        state: 'conflict',
        message: outcome.message,
        current: outcome.current,
      };
  }
}

/**
 * Adding an action: a waiting action with the same key is replaced (the newer change wins on this device), its
 * payload merged by `merge` (e.g. a result keeps the result the board showed before the first change).
 * Returns the new entry and the ids it replaces.
 */
export function planEnqueue(
  entries: readonly OutboxEntry[],
  entry: OutboxEntry,
  merge: (older: unknown, newer: unknown) => unknown = (_older, newer) => newer,
): { entry: OutboxEntry; replaces: string[] } {
  const older = entries.filter((candidate) => candidate.key === entry.key && candidate.state === 'waiting');
  const first = older.sort((a, b) => a.seq - b.seq)[0];
  return {
    entry: first ? { ...entry, payload: merge(first.payload, entry.payload) } : entry,
    replaces: older.map((candidate) => candidate.id),
  };
}

export interface OutboxSummary {
  waiting: number;
  failed: OutboxEntry[];
  conflicts: OutboxEntry[];
  /** The status line: "offline — 7 changes waiting", "saving — 2 changes waiting" or "all saved". */
  text: string;
  tone: 'offline' | 'saving' | 'saved';
}

/** What the status line shows for these actions; `isOnline` is the browser's (or the last send's) view. */
export function summarizeOutbox(entries: readonly OutboxEntry[], isOnline: boolean): OutboxSummary {
  const waiting = entries.filter((entry) => entry.state === 'waiting').length;
  const failed = entries.filter((entry) => entry.state === 'failed');
  const conflicts = entries.filter((entry) => entry.state === 'conflict');
  if (!isOnline)
    return { waiting, failed, conflicts, text: OUTBOX_MESSAGES.offline(waiting), tone: 'offline' };
  if (waiting > 0)
    return { waiting, failed, conflicts, text: OUTBOX_MESSAGES.sending(waiting), tone: 'saving' };
  return { waiting, failed, conflicts, text: OUTBOX_MESSAGES.allSaved, tone: 'saved' };
}
