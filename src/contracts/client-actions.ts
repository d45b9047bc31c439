import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * The offline outbox (ADR 032): a change made on a device carries the device's own id for it and the time it
 * was made. The server accepts a client id once per user and answers a repeat with the stored answer.
 */
export const clientActionFields = {
  /** The device's id for this change (crypto.randomUUID); a repeat returns the first answer, changing nothing. */
  clientId: z.uuid('Invalid client id').optional(),
  /** When the change was made on the device (it may arrive minutes later, after the connection came back). */
  madeAt: isoDateTime.optional(),
};

/** What the outbox and its status say; the status texts are docs/requirements.md's. */
export const OUTBOX_MESSAGES = {
  /** "offline — 7 changes waiting" (one change: "1 change waiting"). */
  offline: (waiting: number) => `offline — ${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`,
  /** Online with changes still on their way (sending, or waiting for the retry timer). */
  sending: (waiting: number) => `saving — ${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`,
  allSaved: 'all saved',
  /** Changes the server refused: shown until the user discards them, never dropped silently. */
  failed: (count: number) => `${count} ${count === 1 ? 'change was' : 'changes were'} refused`,
  discard: 'Discard',
  /** Conflicts put aside (the dialog closed): listed under the status until resolved. */
  conflicts: (count: number) => `${count} ${count === 1 ? 'result needs' : 'results need'} your decision`,
  resolve: 'Resolve',
  /** A client id sent again with a different action. */
  reused: 'This change id was already used for a different change',
  /** The result conflict dialog (keep mine / take theirs). */
  conflictTitle: (board: number) => `Board ${board} was changed by someone else`,
  conflictBody: (mine: string, theirs: string) =>
    `You entered ${mine} while offline; the board now says ${theirs}. Which result is right?`,
  keepMine: (mine: string) => `Keep mine (${mine})`,
  takeTheirs: (theirs: string) => `Take theirs (${theirs})`,
} as const;
