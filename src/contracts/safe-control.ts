import { z } from 'zod';
import { isoDateTime } from './common';
import { SETTING_KEYS } from './setting-keys';

/**
 * Safe-control (`/admin/safe-control`, `view_superadmin_dashboard`): independent emergency switches for an
 * incident on the day. Each has a reason (for staff), an optional automatic end time and a banner text (for
 * everyone); every change is audited, and every server process follows it within a second.
 */
export const SAFE_SWITCHES = [
  'read_only',
  'registrations_frozen',
  'payments_paused',
  'results_paused',
  'leaderboard_hidden',
  'signups_closed',
  'mail_paused',
] as const;
export const safeSwitchSchema = z.enum(SAFE_SWITCHES);
export type SafeSwitch = z.infer<typeof safeSwitchSchema>;

/** The settings row that holds every switch (one JSON document, written in one transaction). */
export const SAFE_CONTROL_SETTING_KEY = SETTING_KEYS.safeControl;

export interface SafeSwitchInfo {
  label: string;
  /** What the switch does, on the safe-control page. */
  effect: string;
  /** The refusal a request stopped by the switch gets (HTTP 503). */
  refusal: string;
  /** The banner shown while it is on, when the superadmin leaves the banner text empty. */
  defaultBanner: string;
  /** A short state word for the admin header. */
  headerLabel: string;
}

export const SAFE_SWITCH_INFO: Record<SafeSwitch, SafeSwitchInfo> = {
  read_only: {
    label: 'Read-only site',
    effect: 'Every change is refused (signing in still works); pages stay readable.',
    refusal: 'The site is read-only for the moment: changes cannot be saved. Please try again later.',
    defaultBanner: 'The site is read-only for the moment. Results and standings stay visible.',
    headerLabel: 'Read-only',
  },
  registrations_frozen: {
    label: 'Registrations frozen',
    effect: 'New registrations and team changes are refused.',
    refusal: 'Registrations are frozen for the moment. Please try again later.',
    defaultBanner: 'Registrations are frozen for the moment.',
    headerLabel: 'Registrations frozen',
  },
  payments_paused: {
    label: 'Payments paused',
    effect: 'No new card payment can start; the amount owed is still shown.',
    refusal: 'Payments are paused for the moment. Nothing was charged; please try again later.',
    defaultBanner: 'Online payments are paused for the moment. The amount owed is unchanged.',
    headerLabel: 'Payments paused',
  },
  results_paused: {
    label: 'Result entry paused',
    effect: 'Match results cannot be entered or changed.',
    refusal: 'Result entry is paused for the moment. Please try again later.',
    defaultBanner: 'Result entry is paused for the moment.',
    headerLabel: 'Results paused',
  },
  leaderboard_hidden: {
    label: 'Public leaderboard hidden',
    effect: 'The public leaderboard and ranks are hidden (staff still see them).',
    refusal: 'The leaderboard is hidden for the moment.',
    defaultBanner: 'The leaderboard is hidden for the moment.',
    headerLabel: 'Leaderboard hidden',
  },
  signups_closed: {
    label: 'Sign-ups closed',
    effect: 'New accounts cannot be created and invitations cannot be accepted.',
    refusal: 'Sign-ups are closed for the moment. Please try again later.',
    defaultBanner: 'New sign-ups are closed for the moment.',
    headerLabel: 'Sign-ups closed',
  },
  mail_paused: {
    label: 'Outgoing mail paused',
    effect: 'Mails wait in the queue and are sent when mail resumes; none is lost.',
    refusal: 'Outgoing mail is paused for the moment; the mail is queued.',
    defaultBanner: '',
    headerLabel: 'Mail paused',
  },
};

export const SAFE_CONTROL_MESSAGES = {
  loadFailed: 'Failed to load safe-control state',
  updateFailed: 'Failed to update safe-control switch',
  switchedOn: (label: string) => `${label}: on`,
  switchedOff: (label: string) => `${label}: off`,
  endsInPast: 'The end time must be in the future',
  reasonRequired: 'Give a reason, for the audit trail',
  /** The reason the read-only switch carries while a backup is restored. */
  maintenanceReason: (what: string) => `Maintenance: ${what}`,
  /** The banner's title when a restore did not finish (the server stopped in the middle of it). */
  unfinishedRestoreTitle: 'A backup restore did not finish',
  /** The banner staff see after a restore was cut short; stays until a superadmin dismisses it. */
  unfinishedRestore:
    'The server stopped while it was restoring a backup. The site stayed read-only until a server process ' +
    'started again and switched it back. A restore is all or nothing: the data is either as it was before ' +
    'the restore or as in the backup, never a mix. Check which, then restore again or restore the rollback ' +
    'point listed on the Backups page if needed.',
  /** The audit row written when a starting process clears what the unfinished restore left behind. */
  unfinishedRestoreCleared: (reason: string) =>
    `Read-only site: switched back after an unfinished restore (${reason})`,
  unfinishedRestoreDismiss: 'Dismiss',
  unfinishedRestoreDismissed: 'Notice of the unfinished restore dismissed',
  unfinishedRestoreDismissFailed: 'Failed to dismiss the notice',
} as const;

export const SAFE_REASON_MAX = 300;
export const SAFE_BANNER_MAX = 300;

/** One switch as stored (and as staff see it). */
export const safeSwitchStateSchema = z.object({
  on: z.boolean(),
  reason: z.string(),
  banner: z.string(),
  /** When it switches itself off; null: stays on until switched off. */
  endsAt: isoDateTime.nullable(),
  changedBy: z.string().nullable(),
  changedAt: isoDateTime.nullable(),
});
export type SafeSwitchState = z.infer<typeof safeSwitchStateSchema>;

export const OFF_SWITCH: SafeSwitchState = {
  on: false,
  reason: '',
  banner: '',
  endsAt: null,
  changedBy: null,
  changedAt: null,
};

export type SafeControlState = Record<SafeSwitch, SafeSwitchState>;

export const safeControlStateSchema = z.object(
  Object.fromEntries(SAFE_SWITCHES.map((name) => [name, safeSwitchStateSchema])) as Record<
    SafeSwitch,
    typeof safeSwitchStateSchema
  >,
);

/** Reads whatever is stored as the switches' state: a missing or broken switch reads as off. */
export function readSafeControl(stored: unknown): SafeControlState {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const state = {} as SafeControlState;
  for (const name of SAFE_SWITCHES) {
    const parsed = safeSwitchStateSchema.safeParse(source[name]);
    state[name] = parsed.success ? parsed.data : OFF_SWITCH;
  }
  return state;
}

/** A switch counts as on until its end time (the stored row is switched off soon after, and audited). */
export function isSwitchOn(state: SafeSwitchState, nowMs: number): boolean {
  return state.on && (state.endsAt === null || Date.parse(state.endsAt) > nowMs);
}

/**
 * A restore the server stopped in the middle of (killed, crashed, lost power): the read-only switch it held was
 * still on at the next start, with no end time. The first process to start (or to look again, every half
 * minute) and find nobody still restoring switches read-only back, writes an audit row and keeps this notice
 * for staff until a superadmin dismisses it (ADR 025, ADR 026).
 */
export const unfinishedRestoreSchema = z.object({
  /** What was running, as the read-only switch said: "Restoring the backup backup-….jsonl.gz". */
  reason: z.string(),
  /** When the restore switched the site to read-only. */
  startedAt: isoDateTime,
  /** When a server process found it abandoned and switched read-only back. */
  clearedAt: isoDateTime,
});
export type UnfinishedRestore = z.infer<typeof unfinishedRestoreSchema>;

/** GET /api/admin/safe-control: every switch with its reason, end time and banner, as staff see it. */
export const safeControlResponseSchema = z.object({
  switches: safeControlStateSchema,
  /** A restore that did not finish, until dismissed; null when there is none. */
  unfinishedRestore: unfinishedRestoreSchema.nullable(),
});
export type SafeControlResponse = z.infer<typeof safeControlResponseSchema>;

/** PUT /api/admin/safe-control/:name: switch on (with reason, banner, optional end) or off. */
export const safeSwitchParamsSchema = z.object({ name: safeSwitchSchema });
export const safeSwitchChangeSchema = z
  .object({
    on: z.boolean(),
    reason: z.string().trim().min(1, SAFE_CONTROL_MESSAGES.reasonRequired).max(SAFE_REASON_MAX),
    banner: z.string().trim().max(SAFE_BANNER_MAX).default(''),
    endsAt: isoDateTime
      .pipe(z.iso.datetime({ offset: true }))
      .nullable()
      .default(null),
  })
  .strict();
export type SafeSwitchChange = z.input<typeof safeSwitchChangeSchema>;

/**
 * GET /api/site-status (public): which switches are on and the banners to show; never a reason or a name.
 * Pages use it to show the banner, grey out what is paused, and in the admin header.
 */
export const siteStatusSchema = z.object({
  on: z.array(safeSwitchSchema),
  banners: z.array(z.object({ switch: safeSwitchSchema, text: z.string(), endsAt: isoDateTime.nullable() })),
  /** The earliest automatic end among the switches that are on: pages refetch then. */
  nextChangeAt: isoDateTime.nullable(),
});
export type SiteStatus = z.infer<typeof siteStatusSchema>;

/** The refusal code of a request stopped by a switch (with HTTP 503). */
export const SAFE_CONTROL_REFUSAL_CODE = 'paused_by_safe_control';
