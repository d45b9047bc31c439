/**
 * The offline outbox (ADR 032): changes made at the check-in desk, the kiosk and result entry are kept on the
 * device and sent with their client id until the server has them. Sent when the connection comes back (the
 * `online` event), when a page that sends them opens, and on a retry timer with backoff — not by background
 * sync, which iPads lack. A refusal is kept for the user to see and discard; a conflict for them to resolve.
 * Generic: a feature registers a sender per action kind (`registerSender`) and enqueues `{kind, payload}`.
 */
import { ApiRequestError } from '../api-client';
import {
  afterSend,
  dueEntries,
  nextDueAt,
  type OutboxEntry,
  outcomeOfStatus,
  planEnqueue,
  type SendOutcome,
  summarizeOutbox,
} from './outbox-core';
import { memoryStore, type OutboxStore, openIndexedDbStore } from './outbox-store';

/** Sends one action of a kind; `meta` carries the client id and the time it was made, for the request body. */
export interface OutboxSender {
  send(payload: unknown, meta: { clientId: string; madeAt: string }): Promise<SendOutcome>;
  /** A second change of the same thing while the first still waits: the payload to keep (default: the newer). */
  merge?(older: unknown, newer: unknown): unknown;
  /** After actions of this kind were sent: refresh what the pages show. */
  onSent?(): void;
  /** What the action was, in a few words ("Check-in of Judit Polgár"), for a refused action's line. */
  describe?(payload: unknown): string;
}

export interface OutboxSnapshot {
  entries: readonly OutboxEntry[];
  isOnline: boolean;
}

export class Outbox {
  private entries: OutboxEntry[] = [];
  private readonly senders = new Map<string, OutboxSender>();
  private readonly listeners = new Set<() => void>();
  private snapshot: OutboxSnapshot = { entries: [], isOnline: true };
  private loaded: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private seq = 0;
  /** False after a send got no answer while the browser still claimed to be online (Wi-Fi without internet). */
  private isReachable = true;

  constructor(
    private readonly openStore: () => Promise<OutboxStore>,
    private readonly env: {
      now: () => number;
      random: () => number;
      newId: () => string;
      isOnline: () => boolean;
    },
  ) {}

  /** Loads the stored actions (once) and sends what is due. */
  start(): Promise<void> {
    this.loaded ??= this.openStore()
      .catch(() => memoryStore())
      .then(async (store) => {
        this.store = store;
        this.entries = await store.all();
        this.seq = Math.max(0, ...this.entries.map((entry) => entry.seq));
        this.publish();
      });
    return this.loaded.then(() => this.flush());
  }

  private store: OutboxStore = memoryStore();

  registerSender(kind: string, sender: OutboxSender): void {
    this.senders.set(kind, sender);
    void this.start();
  }

  /** Queues an action and tries to send it at once. Resolves with its client id once it is stored. */
  async enqueue(kind: string, key: string, payload: unknown): Promise<string> {
    await this.start();
    const planned = planEnqueue(
      this.entries,
      {
        id: this.env.newId(),
        kind,
        key,
        payload,
        madeAt: new Date(this.env.now()).toISOString(),
        seq: ++this.seq,
        attempts: 0,
        notBefore: 0,
        state: 'waiting',
      },
      this.senders.get(kind)?.merge,
    );
    for (const id of planned.replaces) await this.store.delete(id);
    await this.store.put(planned.entry);
    this.entries = [...this.entries.filter((entry) => !planned.replaces.includes(entry.id)), planned.entry];
    this.publish();
    void this.flush();
    return planned.entry.id;
  }

  /** A few words saying what an action was, from its kind's sender. */
  describe(entry: OutboxEntry): string {
    return this.senders.get(entry.kind)?.describe?.(entry.payload) ?? entry.kind;
  }

  /** Whether an action of one of these kinds is still waiting (a new one then queues behind it, keeping order). */
  hasWaiting(kinds: readonly string[]): boolean {
    return this.entries.some((entry) => entry.state === 'waiting' && kinds.includes(entry.kind));
  }

  /** Removes a refused or conflicting action (the user read it and let it go). */
  async discard(id: string): Promise<void> {
    await this.start();
    await this.store.delete(id);
    this.entries = this.entries.filter((entry) => entry.id !== id);
    this.publish();
  }

  /** The connection is back (or the user asked): everything waiting is due now. */
  async retryNow(): Promise<void> {
    await this.start();
    this.isReachable = true;
    for (const entry of this.entries) {
      if (entry.state === 'waiting' && entry.notBefore > 0) {
        const ready = { ...entry, notBefore: 0 };
        await this.store.put(ready);
        this.entries = this.entries.map((candidate) => (candidate.id === entry.id ? ready : candidate));
      }
    }
    this.publish();
    await this.flush();
  }

  /** Sends the due actions one after another, in the order they were made. One flush runs at a time. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.sendDue().finally(() => {
      this.flushing = null;
      if (this.flushAgain) {
        this.flushAgain = false;
        void this.flush();
      } else {
        this.schedule();
      }
    });
    return this.flushing;
  }

  private async sendDue(): Promise<void> {
    if (!this.env.isOnline()) return;
    const sentKinds = new Set<string>();
    for (const entry of dueEntries(this.entries, this.env.now())) {
      const sender = this.senders.get(entry.kind);
      // A kind whose page has not been opened yet waits for its sender.
      if (!sender) continue;
      let outcome: SendOutcome;
      try {
        outcome = await sender.send(entry.payload, { clientId: entry.id, madeAt: entry.madeAt });
      } catch {
        outcome = { kind: 'retry' };
      }
      const next = afterSend(entry, outcome, this.env.now(), this.env.random());
      if (next) await this.store.put(next);
      else await this.store.delete(entry.id);
      this.entries = next
        ? this.entries.map((candidate) => (candidate.id === entry.id ? next : candidate))
        : this.entries.filter((candidate) => candidate.id !== entry.id);
      if (outcome.kind === 'sent') sentKinds.add(entry.kind);
      this.isReachable = outcome.kind !== 'retry';
      this.publish();
      // No answer: the rest would fare no better now; the timer tries again.
      if (outcome.kind === 'retry') break;
    }
    for (const kind of sentKinds) this.senders.get(kind)?.onSent?.();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due = nextDueAt(this.entries);
    if (due === null) return;
    this.timer = setTimeout(() => void this.flush(), Math.max(0, due - this.env.now()) + 50);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  /** Tells the outbox the browser's connection changed (the `online`/`offline` events). */
  connectionChanged(): void {
    this.publish();
    if (this.env.isOnline()) void this.retryNow();
  }

  private publish(): void {
    this.snapshot = { entries: this.entries, isOnline: this.env.isOnline() && this.isReachable };
    for (const listener of this.listeners) listener();
  }
}

/** The summary of a snapshot, for the status line. */
export const summarize = (snapshot: OutboxSnapshot) => summarizeOutbox(snapshot.entries, snapshot.isOnline);

let shared: Outbox | null = null;

/** The page's one outbox, on IndexedDB, following the browser's online and offline events. */
export function theOutbox(): Outbox {
  if (shared) return shared;
  const outbox = new Outbox(openIndexedDbStore, {
    now: () => Date.now(),
    random: Math.random,
    newId: () => crypto.randomUUID(),
    isOnline: () => navigator.onLine,
  });
  window.addEventListener('online', () => outbox.connectionChanged());
  window.addEventListener('offline', () => outbox.connectionChanged());
  shared = outbox;
  return outbox;
}

/**
 * A sender's request, answered as the outbox needs: sent, to retry (no answer, the server busy or down) or
 * refused with the server's message (kept for the user to read).
 */
export async function outcomeOfRequest(request: () => Promise<unknown>): Promise<SendOutcome> {
  try {
    await request();
    return { kind: 'sent' };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return outcomeOfStatus(error.status, error.message);
  }
}
