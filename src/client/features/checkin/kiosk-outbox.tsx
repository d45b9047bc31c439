import type { KioskAction, KioskScanResponse } from '../../../contracts/kiosk';
import { KIOSK_OUTBOX_MESSAGES } from '../../../contracts/kiosk-outbox';
import type { BadgeScan } from '../../../domain/badges';
import { OutboxStatus } from '../../components/outbox-status';
import { outcomeOfRequest, theOutbox } from '../../lib/outbox/outbox';
import { sendKioskScan } from './queries';

/*
 * The kiosk's scans through the offline outbox (ADR 032). Loaded once kiosk mode starts, not with the kiosk's
 * first load: the page's code stays inside its budget, and the module is in memory before the Wi-Fi drops.
 */

/** The outbox's action kind of the kiosk. */
export const KIOSK_OUTBOX_KINDS = ['kiosk.scan'] as const;
type QueuedScan = BadgeScan & { action: KioskAction };

const badgeText = (scan: BadgeScan) => ('token' in scan ? scan.token : scan.code);
/** The end of a badge's token or code: enough for staff to match a refused scan to a badge, not to forge one. */
const badgeEnd = (scan: BadgeScan) => `…${badgeText(scan).slice(-4)}`;

/**
 * Sends the kept scans while kiosk mode is on: with their client id, the time they were made and 'offline'. A kept
 * scan of a school badge checks nobody in (the list needs a teacher to tick the absent), so it stays in the list,
 * naming the school, for staff to finish at the desk.
 */
export function registerKioskSender(): void {
  theOutbox().registerSender(KIOSK_OUTBOX_KINDS[0], {
    send: async (payload, meta) => {
      let answer: KioskScanResponse | undefined;
      const outcome = await outcomeOfRequest(async () => {
        answer = await sendKioskScan({ ...(payload as QueuedScan), ...meta, source: 'offline' });
      });
      return outcome.kind === 'sent' && answer?.kind === 'school'
        ? { kind: 'failed', message: KIOSK_OUTBOX_MESSAGES.schoolBadgeKept(answer.school.name) }
        : outcome;
    },
    describe: (payload) =>
      KIOSK_OUTBOX_MESSAGES.queuedScan((payload as QueuedScan).action, badgeEnd(payload as QueuedScan)),
  });
}

/** Whether a scan must be kept rather than sent: no connection, or earlier scans still waiting (order kept). */
export function mustKeepScan(): boolean {
  return !navigator.onLine || theOutbox().hasWaiting(KIOSK_OUTBOX_KINDS);
}

/** Keeps a scan on the device; a second scan of the same badge for the same action replaces the first. */
export async function keepScan(scan: BadgeScan, action: KioskAction): Promise<void> {
  await theOutbox().enqueue(KIOSK_OUTBOX_KINDS[0], `${action}:${badgeText(scan)}`, {
    ...scan,
    action,
  } satisfies QueuedScan);
}

/** What this kiosk still has to send, and any scan the server refused, for the staff member to read. */
export function KioskOutboxStatus() {
  return <OutboxStatus kinds={KIOSK_OUTBOX_KINDS} />;
}
