import { z } from 'zod';
import { isoDateTime } from '../../../contracts/common';
import {
  readSafeControl,
  type SafeControlState,
  safeSwitchStateSchema,
  type UnfinishedRestore,
  unfinishedRestoreSchema,
} from '../../../contracts/safe-control';

/**
 * The `safe_control` settings row as the server keeps it, apart from SafeControl so the settings registry
 * (src/server/core/settings/settings.registry.ts) can read and write it without importing the state.
 *
 * The restore in progress is stored in the switches' row beside the read-only switch it holds (one row, one
 * lock, kept as it is by the restore itself): who holds it, why, since when, and the switch as it was before.
 */
const restoreMarkerSchema = z.object({
  /** The SafeControl instance (one per server process) that switched read-only on. */
  owner: z.string(),
  reason: z.string(),
  startedAt: isoDateTime,
  before: safeSwitchStateSchema,
});
export type RestoreMarker = z.infer<typeof restoreMarkerSchema>;

/** The switches' row: the switches, and beside them the restore in progress and the unfinished one's notice. */
export interface StoredSafeControl {
  switches: SafeControlState;
  restoreInProgress: RestoreMarker | null;
  unfinishedRestore: UnfinishedRestore | null;
}

/** Reads the stored row tolerantly: a broken marker or notice reads as none, a broken switch as off. */
export function readStoredSafeControl(value: unknown): StoredSafeControl {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const marker = restoreMarkerSchema.safeParse(source.restoreInProgress);
  const unfinished = unfinishedRestoreSchema.safeParse(source.unfinishedRestore);
  return {
    switches: readSafeControl(value),
    restoreInProgress: marker.success ? marker.data : null,
    unfinishedRestore: unfinished.success ? unfinished.data : null,
  };
}

/** The row as stored: the switches at the top (what the public snapshot reads), the marker and notice beside. */
export function toStoredSafeControl(stored: StoredSafeControl): Record<string, unknown> {
  return {
    ...stored.switches,
    ...(stored.restoreInProgress ? { restoreInProgress: stored.restoreInProgress } : {}),
    ...(stored.unfinishedRestore ? { unfinishedRestore: stored.unfinishedRestore } : {}),
  };
}
