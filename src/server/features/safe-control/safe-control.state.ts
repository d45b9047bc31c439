import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  isSwitchOn,
  readSafeControl,
  SAFE_CONTROL_MESSAGES,
  SAFE_CONTROL_SETTING_KEY,
  SAFE_SWITCH_INFO,
  SAFE_SWITCHES,
  type SafeControlState,
  type SafeSwitch,
  type SafeSwitchState,
  type SiteStatus,
} from '../../../contracts/safe-control';
import type { Audit, AuditContext, Tx } from '../../audit/audit';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema/settings';
import { HttpError } from '../../http/errors';
import type { ChangeFeed } from '../../live/change-feed';
import { saveSetting } from '../settings/settings.repo';
import type { Maintenance } from './maintenance';

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
 * The safe-control switches as this process knows them. Every process keeps a copy, loaded at start and again
 * whenever the settings trigger says the row changed (through the change feed, within a second on every
 * process); a switch's automatic end is honoured from the first millisecond by `isOn`, and the first process
 * to notice writes it off with an audit row, so the stored state and the trail say so too.
 */
export class SafeControl implements Maintenance {
  private state: SafeControlState = readSafeControl(undefined);
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async start(feed: ChangeFeed): Promise<void> {
    this.unsubscribe = feed.subscribe((event) => {
      const concernsUs =
        event.topics.includes('settings') &&
        (event.settingsKeys.length === 0 || event.settingsKeys.includes(SAFE_CONTROL_SETTING_KEY));
      if (concernsUs)
        this.reload().catch((error) => this.logger.warn({ err: error }, 'safe-control reload failed'));
    });
    await this.reload();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribe?.();
  }

  /** True while the switch is on and before its end time. */
  isOn(name: SafeSwitch): boolean {
    return isSwitchOn(this.state[name], this.clock.millis());
  }

  /** The switches as stored (staff page). */
  snapshot(): SafeControlState {
    return this.state;
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
      const current = await this.readForUpdate(tx);
      const after: SafeSwitchState = {
        on: change.on,
        reason: change.reason,
        banner: change.on ? change.banner : '',
        endsAt: change.on ? change.endsAt : null,
        changedBy: who.name,
        changedAt: this.clock.now().toISOString(),
      };
      await this.write(tx, { ...current, [name]: after }, who.actorId);
      const label = SAFE_SWITCH_INFO[name].label;
      const description = change.on
        ? SAFE_CONTROL_MESSAGES.switchedOn(label)
        : SAFE_CONTROL_MESSAGES.switchedOff(label);
      await this.audit.logChange(tx, who, 'switch_safe_control', description, {
        switch: name,
        before: current[name],
        after,
      });
    });
    await this.reload();
  }

  /** Maintenance: read-only on for the length of `work`, then the switch as it was before. */
  async during<T>(reason: string, work: () => Promise<T>): Promise<T> {
    const before = this.state.read_only;
    await this.change(SYSTEM_ACTOR, 'read_only', {
      on: true,
      reason: SAFE_CONTROL_MESSAGES.maintenanceReason(reason),
      banner: '',
      endsAt: null,
    });
    try {
      return await work();
    } finally {
      await this.restore('read_only', before);
    }
  }

  private async restore(name: SafeSwitch, before: SafeSwitchState): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await this.readForUpdate(tx);
      await this.write(tx, { ...current, [name]: before }, null);
      await this.audit.logChange(
        tx,
        SYSTEM_ACTOR,
        'switch_safe_control',
        `${SAFE_SWITCH_INFO[name].label}: as before`,
        {
          switch: name,
          before: current[name],
          after: before,
        },
      );
    });
    await this.reload();
  }

  /** Writes off every switch whose end time has passed (once, whichever process gets there first). */
  async endDueSwitches(): Promise<SafeSwitch[]> {
    const ended: SafeSwitch[] = [];
    await this.db.transaction(async (tx) => {
      const current = await this.readForUpdate(tx);
      const now = this.clock.millis();
      const next = { ...current };
      for (const name of SAFE_SWITCHES) {
        const state = current[name];
        if (state.on && state.endsAt !== null && Date.parse(state.endsAt) <= now) {
          next[name] = { ...state, on: false, changedBy: null, changedAt: this.clock.now().toISOString() };
          ended.push(name);
        }
      }
      if (ended.length === 0) return;
      await this.write(tx, next, null);
      for (const name of ended) {
        await this.audit.logChange(
          tx,
          SYSTEM_ACTOR,
          'safe_control_ended',
          `${SAFE_SWITCH_INFO[name].label}: off at its end time`,
          { switch: name, before: current[name], after: next[name] },
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
    const loading = this.load().catch((error: unknown) => {
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
    const [row] = await this.db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, SAFE_CONTROL_SETTING_KEY));
    this.state = readSafeControl(row?.value);
    this.scheduleEnd();
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

  private async readForUpdate(tx: Tx): Promise<SafeControlState> {
    // The row is created on first use, so there is always a row to lock (two first changes cannot race).
    await tx
      .insert(systemSettings)
      .values({ key: SAFE_CONTROL_SETTING_KEY, value: {} })
      .onConflictDoNothing({ target: systemSettings.key });
    const [row] = await tx
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, SAFE_CONTROL_SETTING_KEY))
      .for('update');
    return readSafeControl(row?.value);
  }

  private write(tx: Tx, state: SafeControlState, updatedBy: string | null): Promise<void> {
    return saveSetting(tx, SAFE_CONTROL_SETTING_KEY, state, updatedBy);
  }
}
