import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  isSwitchOn,
  SAFE_CONTROL_MESSAGES,
  SAFE_CONTROL_SETTING_KEY,
  SAFE_SWITCH_INFO,
  SAFE_SWITCHES,
  type SafeControlState,
  type SafeSwitch,
  type SafeSwitchState,
  type SiteStatus,
  type UnfinishedRestore,
} from '../../../contracts/safe-control';
import type { Audit, AuditContext, Tx } from '../../audit/audit';
import type { Clock } from '../../clock';
import type { Database, Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { ChangeFeed } from '../../live/change-feed';
import {
  lockSettingIn,
  readSettingValue,
  type SettingChangeLog,
  saveSettingIn,
} from '../settings/settings.service';
import type { Maintenance } from './maintenance';
import {
  type RestoreMarker,
  readStoredSafeControl as readStored,
  type StoredSafeControl,
} from './safe-control.stored';

/** What a switch change says: on (with reason, banner, optional end) or off (with reason). */
export interface SwitchChange {
  on: boolean;
  reason: string;
  banner: string;
  endsAt: string | null;
}

/** Who changed it, for the audit row and the "changed by" line on the page. */
export interface SwitchActor extends AuditContext {
  name: string | null;
}

const SYSTEM_ACTOR: SwitchActor = { actorId: null, ip: null, name: null };
/** The longest a timer waits before looking again (setTimeout's own limit is about 24.8 days). */
const MAX_TIMER_MS = 60 * 60 * 1000;
/**
 * The PostgreSQL advisory lock a process holds, on a connection of its own, for the whole of a maintenance (a
 * restore). PostgreSQL releases it when that connection ends — the process exited, was killed or lost its
 * server — so "the lock is free" is exactly "nobody is restoring any more", whatever the restore marker says.
 */
const MAINTENANCE_LOCK_ID = 72_430_026;
/** While a restore marker is stored, every process looks this often whether its owner is still alive. */
const ABANDONED_RESTORE_CHECK_MS = 30_000;

/**
 * The SafeControl instances of this JavaScript process that are in maintenance now. With PGlite there is one
 * process and no advisory lock to ask (`withLock` does nothing), so this is how a second app on the same
 * database (tests) sees that the restore is alive.
 */
const inMaintenanceHere = new Set<string>();

/**
 * The safe-control switches as this process knows them. Every process keeps a copy, loaded at start and again
 * whenever the settings trigger says the row changed (through the change feed, within a second on every
 * process); a switch's automatic end is honoured from the first millisecond by `isOn`, and the first process
 * to notice writes it off with an audit row, so the stored state and the trail say so too.
 *
 * A restore holds read-only through `during`, recorded as a restore in progress in the same row. A process
 * that dies in the middle (kill -9, a crash, power) leaves that record behind; the next process to start, or
 * any process within half a minute, finds its maintenance lock free, switches read-only back, writes an audit
 * row and keeps a notice for staff (ADR 025).
 */
export class SafeControl implements Maintenance {
  private stored: StoredSafeControl = readStored(undefined);
  private timer: NodeJS.Timeout | undefined;
  private recheckTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  private pending: Promise<void> = Promise.resolve();
  /** This instance in a restore marker. */
  private readonly id = randomUUID();
  private readonly db: Db;

  constructor(
    private readonly database: Pick<Database, 'db' | 'withLock'>,
    private readonly audit: Audit,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.db = database.db;
  }

  /** Loads the switches, follows their changes, and clears what a restore cut short left behind. */
  async start(feed: ChangeFeed): Promise<void> {
    this.unsubscribe = feed.subscribe((event) => {
      const concernsUs =
        event.topics.includes('settings') &&
        (event.settingsKeys.length === 0 || event.settingsKeys.includes(SAFE_CONTROL_SETTING_KEY));
      if (concernsUs)
        this.reload().catch((error) => this.logger.warn({ err: error }, 'safe-control reload failed'));
    });
    await this.reload();
    await this.recoverUnfinishedRestore().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'checking for an unfinished restore failed; trying again shortly'),
    );
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.recheckTimer) clearTimeout(this.recheckTimer);
    this.unsubscribe?.();
  }

  private get state(): SafeControlState {
    return this.stored.switches;
  }

  /** True while the switch is on and before its end time. */
  isOn(name: SafeSwitch): boolean {
    return isSwitchOn(this.state[name], this.clock.millis());
  }

  /** The switches as stored (staff page). */
  snapshot(): SafeControlState {
    return this.state;
  }

  /** A restore the server stopped in the middle of, until a superadmin dismisses the notice. */
  unfinishedRestore(): UnfinishedRestore | null {
    return this.stored.unfinishedRestore;
  }

  /** What the public may know: which switches are on, their banners and the next automatic end. */
  siteStatus(): SiteStatus {
    const on = SAFE_SWITCHES.filter((name) => this.isOn(name));
    const banners = on
      .map((name) => ({
        switch: name,
        text: this.state[name].banner || SAFE_SWITCH_INFO[name].defaultBanner,
        endsAt: this.state[name].endsAt,
      }))
      .filter((banner) => banner.text !== '');
    return { on, banners, nextChangeAt: this.nextEnd()?.toISOString() ?? null };
  }

  /** The seconds until the switch ends by itself, for a Retry-After header; null without an end time. */
  secondsLeft(name: SafeSwitch): number | null {
    const endsAt = this.state[name].endsAt;
    return endsAt === null ? null : Math.max(1, Math.ceil((Date.parse(endsAt) - this.clock.millis()) / 1000));
  }

  /** Switches one switch on or off; the change and its audit row commit together. */
  async change(who: SwitchActor, name: SafeSwitch, change: SwitchChange): Promise<void> {
    if (change.on && change.endsAt !== null && Date.parse(change.endsAt) <= this.clock.millis()) {
      throw new HttpError(400, SAFE_CONTROL_MESSAGES.endsInPast);
    }
    await this.db.transaction(async (tx) => {
      const stored = await this.readForUpdate(tx);
      const current = stored.switches;
      const after: SafeSwitchState = {
        on: change.on,
        reason: change.reason,
        banner: change.on ? change.banner : '',
        endsAt: change.on ? change.endsAt : null,
        changedBy: who.name,
        changedAt: this.clock.now().toISOString(),
      };
      const label = SAFE_SWITCH_INFO[name].label;
      await this.save(
        tx,
        who,
        { ...stored, switches: { ...current, [name]: after } },
        {
          action: 'switch_safe_control',
          description: change.on
            ? SAFE_CONTROL_MESSAGES.switchedOn(label)
            : SAFE_CONTROL_MESSAGES.switchedOff(label),
          details: () => ({ switch: name, before: current[name], after }),
        },
      );
    });
    await this.reload();
  }

  /**
   * Maintenance: read-only on for the length of `work`, then the switch as it was before. The process holds the
   * maintenance lock throughout (a second restore, on any process, waits for it), and the row records the
   * restore in progress, so one the process does not live to finish is recognised and undone later.
   */
  async during<T>(reason: string, work: () => Promise<T>): Promise<T> {
    return this.database.withLock(MAINTENANCE_LOCK_ID, async () => {
      inMaintenanceHere.add(this.id);
      try {
        await this.beginMaintenance(reason);
        try {
          return await work();
        } finally {
          await this.endMaintenance().catch((error: unknown) => {
            // Read-only stays on; with the lock released below, the next check finds the marker abandoned.
            this.logger.error({ err: error }, 'switching read-only back after maintenance failed');
            this.scheduleRecheck();
          });
        }
      } finally {
        inMaintenanceHere.delete(this.id);
      }
    });
  }

  private async beginMaintenance(reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      let stored = await this.readForUpdate(tx);
      // This process holds the maintenance lock, so a marker found now was left by a process that died.
      if (stored.restoreInProgress && !inMaintenanceHere.has(stored.restoreInProgress.owner)) {
        stored = await this.clearAbandoned(tx, stored);
      }
      const before = stored.restoreInProgress?.before ?? stored.switches.read_only;
      const startedAt = this.clock.now().toISOString();
      const after: SafeSwitchState = {
        on: true,
        reason: SAFE_CONTROL_MESSAGES.maintenanceReason(reason),
        banner: '',
        endsAt: null,
        changedBy: null,
        changedAt: startedAt,
      };
      const next: StoredSafeControl = {
        ...stored,
        switches: { ...stored.switches, read_only: after },
        restoreInProgress: { owner: this.id, reason, startedAt, before },
      };
      await this.save(tx, SYSTEM_ACTOR, next, {
        action: 'switch_safe_control',
        description: SAFE_CONTROL_MESSAGES.switchedOn(SAFE_SWITCH_INFO.read_only.label),
        details: () => ({
          switch: 'read_only',
          before: stored.switches.read_only,
          after,
          maintenance: reason,
        }),
      });
    });
    await this.reload();
  }

  /** Puts read-only back as it was before the maintenance and removes the marker, if it is still this one's. */
  private async endMaintenance(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = await this.readForUpdate(tx);
      const marker = stored.restoreInProgress;
      if (marker?.owner !== this.id) {
        this.logger.warn('the maintenance record is no longer this process’s; leaving read-only as it is');
        return;
      }
      const next: StoredSafeControl = {
        ...stored,
        switches: { ...stored.switches, read_only: marker.before },
        restoreInProgress: null,
      };
      await this.save(tx, SYSTEM_ACTOR, next, {
        action: 'switch_safe_control',
        description: `${SAFE_SWITCH_INFO.read_only.label}: as before`,
        details: () => ({ switch: 'read_only', before: stored.switches.read_only, after: marker.before }),
      });
    });
    await this.reload();
  }

  /**
   * Clears a restore marker whose process is gone: read-only back as it was before the restore (unless someone
   * changed the switch since), the notice for staff, and the audit row — once, whichever process gets there
   * first. A marker whose owner still holds the maintenance lock (alive, restoring) is left alone. Returns
   * whether it cleared one.
   */
  async recoverUnfinishedRestore(): Promise<boolean> {
    await this.ready();
    const seen = this.stored.restoreInProgress;
    if (!seen || inMaintenanceHere.has(seen.owner)) return false;
    const cleared = await this.db.transaction(async (tx) => {
      // Free only when no process is in maintenance: a dead one's lock went with its connection. Held until
      // this transaction ends, so no restore can start while the marker is being cleared.
      const result = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${MAINTENANCE_LOCK_ID}::bigint) as free`,
      );
      const [lock] = (result as unknown as { rows: { free: boolean }[] }).rows;
      if (lock?.free !== true) return false;
      const stored = await this.readForUpdate(tx);
      const marker = stored.restoreInProgress;
      if (!marker || inMaintenanceHere.has(marker.owner)) return false;
      await this.clearAbandoned(tx, stored);
      return true;
    });
    if (cleared) await this.reload();
    return cleared;
  }

  private async clearAbandoned(tx: Tx, stored: StoredSafeControl): Promise<StoredSafeControl> {
    const marker = stored.restoreInProgress as RestoreMarker;
    const current = stored.switches.read_only;
    // The switch as the restore set it is put back; one a superadmin changed since is theirs and stays.
    const heldByRestore =
      current.on &&
      current.reason === SAFE_CONTROL_MESSAGES.maintenanceReason(marker.reason) &&
      current.changedAt === marker.startedAt;
    const readOnly = heldByRestore ? marker.before : current;
    const notice: UnfinishedRestore = {
      reason: marker.reason,
      startedAt: marker.startedAt,
      clearedAt: this.clock.now().toISOString(),
    };
    const next: StoredSafeControl = {
      switches: { ...stored.switches, read_only: readOnly },
      restoreInProgress: null,
      unfinishedRestore: notice,
    };
    await this.save(tx, SYSTEM_ACTOR, next, {
      action: 'unfinished_restore_cleared',
      description: SAFE_CONTROL_MESSAGES.unfinishedRestoreCleared(marker.reason),
      details: () => ({
        ...notice,
        owner: marker.owner,
        switch: 'read_only',
        before: current,
        after: readOnly,
      }),
    });
    this.logger.warn({ restore: notice }, 'a restore did not finish; read-only switched back');
    return next;
  }

  /** Removes the notice of an unfinished restore (a superadmin has looked); audited. */
  async dismissUnfinishedRestore(who: SwitchActor): Promise<void> {
    const dismissed = await this.db.transaction(async (tx) => {
      const stored = await this.readForUpdate(tx);
      const notice = stored.unfinishedRestore;
      if (!notice) return false;
      await this.save(
        tx,
        who,
        { ...stored, unfinishedRestore: null },
        {
          action: 'dismiss_unfinished_restore',
          description: SAFE_CONTROL_MESSAGES.unfinishedRestoreDismissed,
          details: () => notice,
        },
      );
      return true;
    });
    if (dismissed) await this.reload();
  }

  /** Writes off every switch whose end time has passed (once, whichever process gets there first). */
  async endDueSwitches(): Promise<SafeSwitch[]> {
    const ended: SafeSwitch[] = [];
    await this.db.transaction(async (tx) => {
      const stored = await this.readForUpdate(tx);
      const current = stored.switches;
      const now = this.clock.millis();
      const next = { ...current };
      for (const name of SAFE_SWITCHES) {
        const state = current[name];
        if (state.on && state.endsAt !== null && Date.parse(state.endsAt) <= now) {
          next[name] = { ...state, on: false, changedBy: null, changedAt: this.clock.now().toISOString() };
          ended.push(name);
        }
      }
      // One stored change per ended switch, each with its audit row; the last leaves every ended switch off.
      let switches = current;
      for (const name of ended) {
        switches = { ...switches, [name]: next[name] };
        await this.save(
          tx,
          SYSTEM_ACTOR,
          { ...stored, switches },
          {
            action: 'safe_control_ended',
            description: `${SAFE_SWITCH_INFO[name].label}: off at its end time`,
            details: () => ({ switch: name, before: current[name], after: next[name] }),
          },
        );
      }
    });
    if (ended.length > 0) await this.reload();
    return ended;
  }

  /**
   * Reads the stored switches again. Until the read is done, `ready()` waits for it: the change feed calls this
   * before the live stream tells the browsers, so a page refetching at once already gets the new state.
   */
  reload(): Promise<void> {
    // One read at a time, in the order asked: two reads in flight at once (a change feed's and a switch's own)
    // could finish out of order and leave the older state in place until the next change.
    const loading = this.pending
      .then(() => this.load())
      .catch((error: unknown) => {
        this.logger.warn(
          { err: error },
          'reading the safe-control switches failed; keeping the last known state',
        );
      });
    this.pending = loading;
    return loading;
  }

  /** Resolves once the latest reload is done. */
  ready(): Promise<void> {
    return this.pending;
  }

  private async load(): Promise<void> {
    this.stored = await readSettingValue(this.db, SAFE_CONTROL_SETTING_KEY);
    this.scheduleEnd();
    if (this.stored.restoreInProgress) this.scheduleRecheck();
  }

  /** While a restore marker is stored, looks every half minute whether its process is still alive. */
  private scheduleRecheck(): void {
    if (this.recheckTimer || this.stopped) return;
    this.recheckTimer = setTimeout(() => {
      this.recoverUnfinishedRestore()
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'checking for an unfinished restore failed; trying again shortly'),
        )
        .finally(() => {
          this.recheckTimer = undefined;
          if (this.stored.restoreInProgress) this.scheduleRecheck();
        });
    }, ABANDONED_RESTORE_CHECK_MS);
    this.recheckTimer.unref();
  }

  private nextEnd(): Date | null {
    const ends = SAFE_SWITCHES.filter((name) => this.isOn(name))
      .map((name) => this.state[name].endsAt)
      .filter((endsAt): endsAt is string => endsAt !== null)
      .map((endsAt) => Date.parse(endsAt));
    return ends.length === 0 ? null : new Date(Math.min(...ends));
  }

  /** A timer for the earliest end among the stored switches that are on (ended ones past due included). */
  private scheduleEnd(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const ends = SAFE_SWITCHES.filter((name) => this.state[name].on && this.state[name].endsAt !== null).map(
      (name) => Date.parse(this.state[name].endsAt as string),
    );
    if (ends.length === 0) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, Math.min(...ends) - this.clock.millis()));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.endDueSwitches().then(
        () => this.scheduleEnd(),
        (error: unknown) => {
          this.logger.warn({ err: error }, 'ending safe-control switches failed; trying again shortly');
          this.timer = setTimeout(() => this.scheduleEnd(), 5_000);
          this.timer.unref();
        },
      );
    }, wait);
    this.timer.unref();
  }

  private readForUpdate(tx: Tx): Promise<StoredSafeControl> {
    // The row is created on first use, so there is always a row to lock (two first changes cannot race).
    return lockSettingIn(tx, SAFE_CONTROL_SETTING_KEY);
  }

  /** Stores the row with its audit row (who; the switch, before and after), in the caller's transaction. */
  private save(
    tx: Tx,
    who: AuditContext,
    next: StoredSafeControl,
    log: SettingChangeLog<StoredSafeControl>,
  ): Promise<void> {
    return saveSettingIn(tx, this.audit, who, SAFE_CONTROL_SETTING_KEY, next, log);
  }
}
