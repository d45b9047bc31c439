/**
 * Maintenance: the read-only switch held on for the length of some work (a backup restore), then put back as
 * it was. The backups feature uses it through this interface; safe-control implements it.
 */
export interface Maintenance {
  /**
   * Turns the read-only switch on with `reason` (every process refuses changes within a second), runs `work`,
   * then restores the switch to its earlier state, whether `work` succeeded or failed.
   */
  during<T>(reason: string, work: () => Promise<T>): Promise<T>;
}
