import { countOf } from './plural';
import { PLAYERS_PER_TEAM } from './registration';
/**
 * Team tasks (the CRM, issue #15): what organisers chase each school for before and on the day, as tasks in a
 * few states. The rules here are pure: which task kinds a school gets, when an event ticks a task by itself
 * (or reopens it, saying why), what counts as overdue and what makes a school ready.
 */

/** The board's columns, in order. */
export const CRM_TASK_STATES = [
  'not_started',
  'waiting_on_school',
  'received_to_check',
  'done',
  'blocked',
  'not_applicable',
] as const;
export type CrmTaskState = (typeof CRM_TASK_STATES)[number];

export const CRM_STATE_LABELS: Record<CrmTaskState, string> = {
  not_started: 'Not started',
  waiting_on_school: 'Waiting on school',
  received_to_check: 'Received – to check',
  done: 'Done',
  blocked: 'Blocked',
  not_applicable: 'Not applicable',
};

/** States in which nothing more is owed: a done or not-applicable task is neither open nor overdue. */
export function isSettled(state: CrmTaskState): boolean {
  return state === 'done' || state === 'not_applicable';
}

export const CRM_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type CrmPriority = (typeof CRM_PRIORITIES)[number];

/**
 * The task kinds a school gets when it registers (templates; their labels, due dates and whether they are used
 * are edited in /crm/settings). `auto` kinds are ticked by events; the others are ticked by staff.
 */
export const CRM_TASK_KINDS = [
  'teacher_named',
  'rosters_complete',
  'fee_paid',
  'guardian_consent',
  'photo_permission',
  'medical_notes',
  'roster_locked',
  'arrived',
  'collected',
] as const;
export type CrmTaskKind = (typeof CRM_TASK_KINDS)[number];

export interface CrmKindDefinition {
  label: string;
  description: string;
  /** Days before the event the task is due by default (0: on the day). */
  dueDaysBefore: number;
  /** Ticked by events (see `autoOutcome`); otherwise staff tick it. */
  isAuto: boolean;
}

export const CRM_KIND_DEFAULTS: Record<CrmTaskKind, CrmKindDefinition> = {
  teacher_named: {
    label: 'Teacher in charge named',
    description: 'An accompanying teacher (the mandated person) with an e-mail address is on record.',
    dueDaysBefore: 21,
    isAuto: true,
  },
  rosters_complete: {
    label: 'Team and pupil names complete',
    description: 'Every team has a name and four named pupils.',
    dueDaysBefore: 14,
    isAuto: true,
  },
  fee_paid: {
    label: 'Fee paid',
    description:
      'Every registration of the school is paid (a verified payment ticks it; a refund reopens it).',
    dueDaysBefore: 14,
    isAuto: true,
  },
  guardian_consent: {
    label: 'Guardian consent for every under-18',
    description: 'A parent or guardian confirmed for every pupil under 18 (the last confirmation ticks it).',
    dueDaysBefore: 7,
    isAuto: true,
  },
  photo_permission: {
    label: 'Photo permission per pupil',
    description: 'The school told us, for every pupil, whether photos may be taken and published.',
    dueDaysBefore: 7,
    isAuto: false,
  },
  medical_notes: {
    label: 'Dietary and medical notes present',
    description:
      'The school confirmed it has passed on any dietary or medical notes (a flag only, never the details).',
    dueDaysBefore: 7,
    isAuto: false,
  },
  roster_locked: {
    label: 'Roster locked',
    description: 'Registrations closed: no more team or pupil changes.',
    dueDaysBefore: 1,
    isAuto: true,
  },
  arrived: {
    label: 'Arrived',
    description: 'Every pupil of the school is checked in on the day.',
    dueDaysBefore: 0,
    isAuto: true,
  },
  collected: {
    label: 'Collected at the end',
    description: 'Every pupil who arrived is signed out at pick-up (kiosk or desk).',
    dueDaysBefore: 0,
    isAuto: true,
  },
};

/** What the site knows about one school, from its registrations, payments and check-in. */
export interface SchoolFacts {
  teacherName: string | null;
  teacherEmail: string | null;
  /** Registrations that are not cancelled. */
  registrations: { paid: boolean }[];
  /** Teams of those registrations: their name and the names of their pupils. */
  teams: { name: string; playerNames: string[] }[];
  /** Pupils under 18 on the event day, and whether their guardian confirmed. */
  minors: { name: string; confirmed: boolean }[];
  /** Whether registrations are closed (the roster lock). */
  registrationClosed: boolean;
  /**
   * The school's players in the active tournament that are not withdrawn, whether each is checked in, and
   * whether each was signed out at pick-up.
   */
  players: { checkedIn: boolean; signedOut: boolean }[];
}

/** The result of an event rule: ticked, or open with the reason a done task is reopened. */
export type AutoOutcome = { done: true; reason: string } | { done: false; reason: string };

/** Whether the school's facts tick an automatic task kind, with the reason to record; null for a manual kind. */
export function autoOutcome(kind: CrmTaskKind, facts: SchoolFacts): AutoOutcome | null {
  switch (kind) {
    case 'teacher_named':
      return facts.teacherName?.trim() && facts.teacherEmail?.trim()
        ? { done: true, reason: 'A teacher in charge is on record' }
        : { done: false, reason: 'No teacher in charge with an e-mail address' };
    case 'rosters_complete': {
      const incomplete = facts.teams.filter(
        (team) =>
          !team.name.trim() ||
          team.playerNames.filter((name) => name.trim() !== '').length < PLAYERS_PER_TEAM,
      );
      if (facts.teams.length === 0) return { done: false, reason: 'No team registered' };
      return incomplete.length === 0
        ? { done: true, reason: 'Every team has four named pupils' }
        : {
            done: false,
            reason: `Names missing in ${incomplete.map((team) => team.name || 'a team').join(', ')}`,
          };
    }
    case 'fee_paid': {
      if (facts.registrations.length === 0) return { done: false, reason: 'No registration' };
      const unpaid = facts.registrations.filter((registration) => !registration.paid).length;
      return unpaid === 0
        ? { done: true, reason: 'Every registration is paid' }
        : { done: false, reason: `${countOf(unpaid, 'registration')} not paid` };
    }
    case 'guardian_consent': {
      const waiting = facts.minors.filter((minor) => !minor.confirmed);
      return waiting.length === 0
        ? { done: true, reason: 'Every under-18 has guardian consent' }
        : { done: false, reason: `Waiting for consent: ${waiting.map((minor) => minor.name).join(', ')}` };
    }
    case 'roster_locked':
      return facts.registrationClosed
        ? { done: true, reason: 'Registrations are closed' }
        : { done: false, reason: 'Registrations are still open' };
    case 'arrived': {
      if (facts.players.length === 0) return { done: false, reason: 'No pupil in the tournament yet' };
      const missing = facts.players.filter((player) => !player.checkedIn).length;
      return missing === 0
        ? { done: true, reason: 'Every pupil is checked in' }
        : { done: false, reason: `${countOf(missing, 'pupil')} not checked in` };
    }
    case 'collected': {
      // Only once sign-out is in use for the school: a school collected without scans stays the staff's to tick.
      const arrived = facts.players.filter((player) => player.checkedIn);
      if (!arrived.some((player) => player.signedOut)) return null;
      const inHall = arrived.filter((player) => !player.signedOut).length;
      return inHall === 0
        ? { done: true, reason: 'Every pupil who arrived has been signed out' }
        : { done: false, reason: `${countOf(inHall, 'pupil')} still in the hall` };
    }
    case 'photo_permission':
    case 'medical_notes':
      return null;
  }
}

/**
 * The state an automatic task moves to after an event, or null to leave it: a task not yet done is ticked when
 * the facts say so; a done task is reopened (to "Not started") when they no longer do. A task staff marked not
 * applicable is left alone.
 */
export function autoTransition(current: CrmTaskState, outcome: AutoOutcome): CrmTaskState | null {
  if (current === 'not_applicable') return null;
  if (outcome.done) return current === 'done' ? null : 'done';
  return current === 'done' ? 'not_started' : null;
}

/** Overdue: due before today (dates as YYYY-MM-DD in the event's time zone) and not settled. */
export function isOverdue(task: { state: CrmTaskState; dueDate: string | null }, today: string): boolean {
  return task.dueDate !== null && task.dueDate < today && !isSettled(task.state);
}

/** A school is ready when every one of its tasks is settled (done or not applicable). */
export function isSchoolReady(tasks: readonly { state: CrmTaskState }[]): boolean {
  return tasks.length > 0 && tasks.every((task) => isSettled(task.state));
}

/** The default due date of a kind: its days before the event day (YYYY-MM-DD), or null without an event date. */
export function defaultDueDate(eventDay: string | null, dueDaysBefore: number): string | null {
  if (eventDay === null) return null;
  const day = new Date(`${eventDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - dueDaysBefore);
  return day.toISOString().slice(0, 10);
}

/** Where a school's fees stand: all paid, some paid, none paid, or no registration. */
export type SchoolPayment = 'paid' | 'partly_paid' | 'unpaid' | 'none';

export interface SchoolMoney {
  /** What the school's registrations cost in all (cancelled ones left out): the "of €…" of "€x paid of €y". */
  dueCents: number;
  /** What of that has been paid. */
  paidCents: number;
  /** What is still owed: due minus paid. */
  owedCents: number;
  payment: SchoolPayment;
}

/**
 * A school's fees from its registrations (the CRM overview's "€60.00 paid of €120.00 · Partly paid"). Due is every
 * live registration's amount, paid or not: a fully paid school reads "€120.00 paid of €120.00", never "of €0.00".
 */
export function schoolMoney(
  registrations: readonly { paymentStatus: string; amountCents: number }[],
): SchoolMoney {
  const live = registrations.filter((row) => row.paymentStatus !== 'cancelled');
  const paid = live.filter((row) => row.paymentStatus === 'paid');
  const cents = (rows: typeof live) => rows.reduce((total, row) => total + row.amountCents, 0);
  const dueCents = cents(live);
  const paidCents = cents(paid);
  return {
    dueCents,
    paidCents,
    owedCents: dueCents - paidCents,
    payment:
      live.length === 0
        ? 'none'
        : paid.length === live.length
          ? 'paid'
          : paid.length === 0
            ? 'unpaid'
            : 'partly_paid',
  };
}
