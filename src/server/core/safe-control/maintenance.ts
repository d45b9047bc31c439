/**
 * Maintenance: the read-only switch held on for the length of some work (a backup restore), then put back as
 * it was. The backups feature uses it through this interface; safe-control implements it.
 */
export interface Maintenance {
  /**
   * Turns the read-only switch on with `reason` (every process refuses changes within a second), runs `work`,
   * then restores the switch to its earlier state, whether `work` succeeded or failed. The switch's row records
   * the work as a restore in progress while it runs, so if this process dies in the middle, the next process to
   * start (or any process within half a minute) switches read-only back, audits it and tells staff that the
   * restore did not finish (ADR 025). One maintenance at a time across processes: a second waits for the first.
   */
  during<T>(reason: string, work: () => Promise<T>): Promise<T>;
}
