import { z } from 'zod';
import { checkinPlayerSchema, checkinSchoolListSchema } from './checkin';
import { clientActionFields } from './client-actions';
import { playerRoundSchema } from './player-lookup';

/**
 * What the kiosk at /mss-nfc-access says (ADR 031). An unknown badge is only ever "unknown": the answer
 * never tells whether a token or code is close to a real one, or whose it might be.
 */
export const KIOSK_MESSAGES = {
  unknownBadge: 'Unknown badge. Please go to the check-in desk.',
  revokedBadge: 'This badge has been replaced and no longer works. Please go to the check-in desk.',
  closed: 'Check-in is closed. Please wait for a member of staff.',
  withdrawn: 'This player has withdrawn. Please go to the check-in desk.',
  tooManyScans: 'Too many scans in a short time. Wait a minute and try again.',
  welcome: (name: string) => `Welcome, ${name}! You are checked in.`,
  alreadyCheckedIn: (name: string) => `${name}, you were already checked in.`,
  goodbye: (name: string) => `Goodbye, ${name}! You are signed out.`,
  alreadySignedOut: (name: string) => `${name}, you were already signed out.`,
  notCheckedIn: (name: string) => `${name} was never checked in. Please see a member of staff.`,
  notPairedYet: 'Not paired yet. Watch the screens for your board.',
  bye: 'You have a bye this round.',
  schoolFound: (school: string) => `${school}: tick the pupils who are absent, then confirm.`,
  needsStaff: 'Kiosk mode needs a member of staff with check-in desk access to sign in.',
  wrongPassword: 'That password is not right.',
  /** Five wrong exit passwords on this device (ADR 031): this kiosk waits; the account's other devices do not. */
  tooManyUnlocks: 'Too many wrong passwords on this device. Wait ten minutes and try again.',
  /** The account's ceiling across all its kiosks (ADR 031). */
  tooManyUnlocksOnAccount:
    'Too many wrong passwords for this account on several devices. Wait ten minutes and try again.',
  exited: 'Kiosk mode ended',
  cameraUnavailable: 'The camera is not available. Type the code from the badge instead.',
  nfcReady: 'Tap an NFC badge on the back of this device.',
  /** No connection: the scan is kept on the device (ADR 032) and sent when the connection is back. */
  savedOffline: (action: 'check-in' | 'sign-out') =>
    `Saved on this device: you will be ${action === 'check-in' ? 'checked in' : 'signed out'} when the connection is back. Your board is on the screens.`,
  /** A badge's link opened on a staff device outside kiosk mode: the badge is scanned once a kiosk starts. */
  badgeLinkOpened: 'Badge scanned. Start the check-in or sign-out kiosk to use it.',
  /** Under a kept scan: a teacher's school badge opens the school's list only online. */
  schoolBadgeNeedsConnection: "A teacher's school badge needs the connection: please use the check-in desk.",
} as const;

/** 'check-in' on arrival; 'sign-out' at pick-up. */
export const kioskActionSchema = z.enum(['check-in', 'sign-out']);
export type KioskAction = z.infer<typeof kioskActionSchema>;

/** POST /api/kiosk/scan: a token (camera, NFC, handheld scanner) or a typed code, never both. */
export const kioskScanBodySchema = z
  .object({
    token: z.string().max(200).optional(),
    code: z.string().max(50).optional(),
    action: kioskActionSchema.default('check-in'),
    /** 'kiosk' at the kiosk; 'offline' when a queued scan is replayed. */
    source: z.enum(['kiosk', 'offline']).default('kiosk'),
    /** A scan kept offline (ADR 032): accepted once however often it arrives, dated when it was made. */
    ...clientActionFields,
  })
  .strict()
  .refine((body) => (body.token === undefined) !== (body.code === undefined), {
    message: 'Send a token or a code',
  });
export type KioskScanBody = z.input<typeof kioskScanBodySchema>;

export const kioskPlayerOutcomeSchema = z.enum([
  'checked-in',
  'already-checked-in',
  'signed-out',
  'already-signed-out',
]);

export const kioskScanResponseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('player'),
    outcome: kioskPlayerOutcomeSchema,
    player: checkinPlayerSchema,
    /** The player's game in the round players walk to now (docs/decisions/009); null when not paired yet. */
    pairing: playerRoundSchema.nullable(),
    message: z.string(),
  }),
  checkinSchoolListSchema.extend({
    kind: z.literal('school'),
    message: z.string(),
  }),
]);
export type KioskScanResponse = z.infer<typeof kioskScanResponseSchema>;

/** POST /api/kiosk/unlock: the staff member's password ends kiosk mode. */
export const kioskUnlockBodySchema = z.object({ password: z.string().min(1).max(200) }).strict();
export const kioskUnlockResponseSchema = z.object({ message: z.string() });
