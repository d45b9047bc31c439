import {
  BROADCAST_MAX_DAYS,
  BROADCAST_MESSAGES,
  type BroadcastAudience,
  type BroadcastCreate,
  type BroadcastHistoryItem,
  type BroadcastStyle,
  broadcastCreateSchema,
} from '../../../contracts/broadcasts';
import { type FieldErrors, validate } from '../../lib/form';
import { localInputToOffsetIso, parseLocalInput, toLocalInput } from '../../lib/local-time';

/** What the form holds: times as `datetime-local` values on this device ('' start = now). */
export interface BroadcastDraft {
  message: string;
  audience: BroadcastAudience;
  style: BroadcastStyle;
  dismissable: boolean;
  start: string;
  end: string;
  sendEmail: boolean;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

export function emptyDraft(now: Date): BroadcastDraft {
  return {
    message: '',
    audience: 'everyone',
    style: 'info',
    dismissable: true,
    start: '',
    end: toLocalInput(new Date(now.getTime() + 60 * MINUTE_MS)),
    sendEmail: false,
  };
}

export type QuickEnd = '15min' | '1h' | 'endOfDay';
export const QUICK_ENDS: readonly { value: QuickEnd; label: string }[] = [
  { value: '15min', label: '15 min' },
  { value: '1h', label: '1 hour' },
  { value: 'endOfDay', label: 'End of day' },
];

/** A quick end time, counted from the start (or now when it starts now); the end of day is 23:59 that day. */
export function quickEnd(choice: QuickEnd, start: Date): Date {
  switch (choice) {
    case '15min':
      return new Date(start.getTime() + 15 * MINUTE_MS);
    case '1h':
      return new Date(start.getTime() + 60 * MINUTE_MS);
    case 'endOfDay':
      return new Date(start.getFullYear(), start.getMonth(), start.getDate(), 23, 59);
  }
}

/**
 * The request body for a draft, checked as the server will check it (the contract's schema, then the times:
 * an end after the start, in the future, within BROADCAST_MAX_DAYS), or the first problem per field.
 */
export function draftToBody(
  draft: BroadcastDraft,
  now: number,
): { body: BroadcastCreate; errors: null } | { body: null; errors: FieldErrors } {
  const startsAt = localInputToOffsetIso(draft.start);
  const endsAt = localInputToOffsetIso(draft.end);
  const errors: FieldErrors = {};
  if (startsAt === undefined) errors.startsAt = 'Choose a date and a time, or leave it empty to start now';
  if (!endsAt) errors.endsAt = BROADCAST_MESSAGES.endRequired;
  const body: BroadcastCreate = {
    message: draft.message,
    audience: draft.audience,
    style: draft.style,
    dismissable: draft.dismissable,
    startsAt: startsAt ?? null,
    endsAt: endsAt ?? '',
    sendEmail: draft.sendEmail,
  };
  const checked = validate(broadcastCreateSchema, body);
  for (const [field, message] of Object.entries(checked.errors ?? {})) errors[field] ??= message;
  if (!errors.endsAt && endsAt) {
    const end = Date.parse(endsAt);
    const start = startsAt ? Date.parse(startsAt) : now;
    if (end <= now) errors.endsAt = BROADCAST_MESSAGES.endInPast;
    else if (end <= start) errors.endsAt = BROADCAST_MESSAGES.endBeforeStart;
    else if (end - start > BROADCAST_MAX_DAYS * DAY_MS) errors.endsAt = BROADCAST_MESSAGES.tooLong;
  }
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: null };
}

/** The moment quick end choices count from: the chosen start, or now. */
export function startOf(draft: BroadcastDraft, now: number): Date {
  return parseLocalInput(draft.start) ?? new Date(now);
}

/** Whether its e-mails are still going out (some neither sent nor failed for good). */
export function isDelivering(item: Pick<BroadcastHistoryItem, 'email'>): boolean {
  return item.email !== null && item.email.sent + item.email.failed < item.email.total;
}

/** "12/40", "40/40 (2 failed)": sent of total, and how many failed for good. */
export function deliveryText(email: NonNullable<BroadcastHistoryItem['email']>): string {
  return `${email.sent}/${email.total}${email.failed > 0 ? ` (${email.failed} failed)` : ''}`;
}

/** Scheduled and running broadcasts can be ended early; ended ones cannot. */
export const canEnd = (item: Pick<BroadcastHistoryItem, 'state'>) => item.state !== 'ended';
