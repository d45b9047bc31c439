import { CircleCheck, CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { OUTBOX_MESSAGES } from '../../contracts/client-actions';
import { type OutboxSnapshot, summarize, theOutbox } from '../lib/outbox/outbox';
import type { OutboxEntry } from '../lib/outbox/outbox-core';
import { Button } from './ui/button';
import { cx } from './ui/cx';

const SERVER_SNAPSHOT: OutboxSnapshot = { entries: [], isOnline: true };

/** The device's outbox as React state: its actions and whether the server can be reached. */
export function useOutbox(): OutboxSnapshot {
  const outbox = typeof window === 'undefined' ? null : theOutbox();
  return useSyncExternalStore(
    outbox?.subscribe ?? (() => () => {}),
    outbox?.getSnapshot ?? (() => SERVER_SNAPSHOT),
    () => SERVER_SNAPSHOT,
  );
}

const TONES = {
  offline: { icon: CloudOff, className: 'border-draw/40 bg-draw-bg text-fg' },
  saving: { icon: RefreshCw, className: 'border-line bg-surface text-fg' },
  saved: { icon: CircleCheck, className: 'border-win/30 bg-win-bg text-win' },
} as const;

/**
 * The outbox's status line (ADR 032) for the check-in desk, the kiosk and result entry: "offline — 7 changes
 * waiting", "saving — 2 changes waiting" or "all saved", announced politely as it changes; below it, each
 * action the server refused (of `kinds`), with a Discard button — a refusal is never dropped silently.
 */
export function OutboxStatus({
  kinds,
  className,
  onResolve,
}: {
  kinds?: readonly string[];
  className?: string;
  /** Where conflicts are resolved (result entry): each put-aside conflict is listed with a Resolve button. */
  onResolve?: (id: string) => void;
}) {
  const snapshot = useOutbox();
  const summary = summarize(snapshot);
  const tone = TONES[summary.tone];
  const ofKinds = (entry: OutboxEntry) => !kinds || kinds.includes(entry.kind);
  const failed = summary.failed.filter(ofKinds);
  const conflicts = onResolve ? summary.conflicts.filter(ofKinds) : [];
  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <p
        role="status"
        aria-live="polite"
        data-outbox-status={summary.tone}
        className={cx(
          'inline-flex min-h-9 items-center gap-2 self-start rounded-full border px-3 text-sm font-semibold',
          tone.className,
        )}
      >
        <tone.icon aria-hidden="true" className="size-4 shrink-0" />
        {summary.text}
      </p>
      {failed.length > 0 ? (
        <OutboxAlert
          className="border-loss/30 bg-loss-bg text-loss"
          title={OUTBOX_MESSAGES.failed(failed.length)}
        >
          {failed.map((entry) => (
            <FailedAction key={entry.id} entry={entry} />
          ))}
        </OutboxAlert>
      ) : null}
      {conflicts.length > 0 && onResolve ? (
        <OutboxAlert
          className="border-draw/40 bg-draw-bg text-fg"
          title={OUTBOX_MESSAGES.conflicts(conflicts.length)}
        >
          {conflicts.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>{entry.message}</span>
              <Button variant="secondary" onClick={() => onResolve(entry.id)}>
                {OUTBOX_MESSAGES.resolve}
              </Button>
            </li>
          ))}
        </OutboxAlert>
      ) : null}
    </div>
  );
}

function FailedAction({ entry }: { entry: OutboxEntry }) {
  const outbox = theOutbox();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg">
      <span>
        <strong>{outbox.describe(entry)}</strong>: {entry.message}
      </span>
      <Button variant="secondary" onClick={() => void outbox.discard(entry.id)}>
        {OUTBOX_MESSAGES.discard}
      </Button>
    </li>
  );
}

/** A list of the outbox's actions that need the user (refused, or in conflict), announced as an alert. */
function OutboxAlert({
  className,
  title,
  children,
}: {
  className: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={cx('rounded-2xl border px-4 py-3', className)}>
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </p>
      <ul className="mt-2 flex flex-col gap-2">{children}</ul>
    </div>
  );
}
