import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  BROADCAST_MAX_DAYS,
  BROADCAST_MESSAGES,
  type BroadcastAudience,
  type BroadcastCreate,
  type BroadcastHistory,
  type BroadcastNotice,
  broadcastCreateSchema,
  type CurrentBroadcasts,
} from '../../../contracts/broadcasts';
import {
  type BroadcastViewer,
  broadcastReaches,
  broadcastState,
  isBroadcastOn,
  nextBroadcastChange,
} from '../../../domain/broadcasts';
import { canSeeAdminArea, resolveAccess } from '../../../domain/permissions';
import type { AuditContext } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { customRoles, userRoles, userStatus } from '../../db/schema/accounts';
import { user } from '../../db/schema/auth';
import { mailQueue } from '../../db/schema/mail';
import { registrations } from '../../db/schema/registrations';
import { broadcasts } from '../../db/schema/settings';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { broadcastMail } from '../../mail/templates';

type Broadcast = typeof broadcasts.$inferSelect;
type Deps = Pick<FeatureContext, 'db' | 'audit' | 'clock' | 'mailQueue' | 'publicUrl'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_LIMIT = 100;

/**
 * The broadcasts not yet ended, as this process knows them: loaded at start and again on every `broadcasts`
 * change (the table's trigger reaches every process), so 400 phones asking at once cost no database read.
 */
export class BroadcastBoard {
  private live: Broadcast[] = [];
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Reads the broadcasts again; answers wait for it. The change feed calls this before the live stream tells the
   * browsers, so a page refetching at once gets the new broadcast.
   */
  reload(): Promise<void> {
    this.pending = this.load();
    return this.pending;
  }

  private async load(): Promise<void> {
    this.live = await this.db
      .select()
      .from(broadcasts)
      .where(gt(broadcasts.endsAt, new Date(this.now())))
      .orderBy(broadcasts.startsAt, broadcasts.id);
  }

  /** What this viewer sees now, and when that changes by itself. */
  async currentFor(viewer: BroadcastViewer): Promise<CurrentBroadcasts> {
    await this.pending.catch(() => {});
    const now = this.now();
    const theirs = this.live.filter((broadcast) => broadcastReaches(broadcast.audience, viewer));
    return {
      broadcasts: theirs.filter((broadcast) => isBroadcastOn(broadcast, now)).map(toNotice),
      nextChangeAt: nextBroadcastChange(theirs, now)?.toISOString() ?? null,
    };
  }

  /** Whether any broadcast not yet ended is for registrants (only then is a viewer's registration looked up). */
  get hasRegistrantBroadcast(): boolean {
    return this.live.some((broadcast) => broadcast.audience === 'registrants');
  }
}

function toNotice(broadcast: Broadcast): BroadcastNotice {
  return {
    id: broadcast.id,
    message: broadcast.message,
    style: broadcast.style,
    dismissable: broadcast.dismissable,
    startsAt: broadcast.startsAt.toISOString(),
    endsAt: broadcast.endsAt.toISOString(),
  };
}

/** The viewer behind a request: anonymous, signed in, staff, registrant. */
export async function viewerOf(db: Db, actor: Actor | null, board: BroadcastBoard): Promise<BroadcastViewer> {
  if (!actor || actor.isFrozen) return { signedIn: false, isStaff: false, isRegistrant: false };
  const isRegistrant = board.hasRegistrantBroadcast && (await hasRegistration(db, actor.email));
  return { signedIn: true, isStaff: canSeeAdminArea(actor.access), isRegistrant };
}

async function hasRegistration(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(sql`lower(${registrations.registrantEmail})`, email.toLowerCase()),
        ne(registrations.paymentStatus, 'cancelled'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Checks the times of a new broadcast: it ends after it starts, in the future, and within the longest run. */
function checkedTimes(body: BroadcastCreate, nowMs: number): { startsAt: Date; endsAt: Date } {
  const parsed = broadcastCreateSchema.parse(body);
  const startsAt = new Date(parsed.startsAt === null ? nowMs : Math.max(nowMs, Date.parse(parsed.startsAt)));
  const endsAt = new Date(parsed.endsAt);
  if (endsAt.getTime() <= nowMs) throw new HttpError(400, BROADCAST_MESSAGES.endInPast);
  if (endsAt <= startsAt) throw new HttpError(400, BROADCAST_MESSAGES.endBeforeStart);
  if (endsAt.getTime() - startsAt.getTime() > BROADCAST_MAX_DAYS * DAY_MS) {
    throw new HttpError(400, BROADCAST_MESSAGES.tooLong);
  }
  return { startsAt, endsAt };
}

/** Creates a broadcast (audited) and, when asked, queues its e-mail to the audience for its start time. */
export async function createBroadcast(
  deps: Deps,
  who: AuditContext & { name: string },
  body: BroadcastCreate,
): Promise<{ message: string }> {
  const nowMs = deps.clock.millis();
  const { startsAt, endsAt } = checkedTimes(body, nowMs);
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(broadcasts)
      .values({
        message: body.message.trim(),
        audience: body.audience,
        style: body.style,
        dismissable: body.dismissable,
        startsAt,
        endsAt,
        sendEmail: body.sendEmail ?? false,
        createdBy: who.name,
        createdAt: new Date(nowMs),
      })
      .returning();
    await deps.audit.logChange(
      tx,
      who,
      'create_broadcast',
      `Broadcast to ${body.audience}: ${row!.message}`,
      {
        broadcastId: row!.id,
        audience: body.audience,
        style: body.style,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        sendEmail: row!.sendEmail,
      },
    );
    return row!;
  });
  if (created.sendEmail) {
    const recipients = await recipientsOf(deps.db, created.audience);
    const mails = recipients.map((to) =>
      broadcastMail({
        to,
        subject: BROADCAST_MESSAGES.emailSubject,
        message: created.message,
        siteUrl: deps.publicUrl,
      }),
    );
    await deps.mailQueue.enqueue(mails, created.id, startsAt.getTime());
  }
  return { message: startsAt.getTime() > nowMs ? BROADCAST_MESSAGES.scheduled : BROADCAST_MESSAGES.sent };
}

/**
 * The e-mail addresses of an audience, without duplicates: users who are not frozen (all, or staff), and the
 * registrants of registrations that are not cancelled; "everyone" is both.
 */
export async function recipientsOf(db: Db, audience: BroadcastAudience): Promise<string[]> {
  const addresses = new Map<string, string>();
  const add = (email: string) => addresses.set(email.toLowerCase(), email);
  if (audience !== 'registrants') {
    const [users, roles] = await Promise.all([
      db
        .select({ email: user.email, role: userRoles, isFrozen: userStatus.isFrozen })
        .from(user)
        .leftJoin(userRoles, eq(userRoles.userId, user.id))
        .leftJoin(userStatus, eq(userStatus.userId, user.id)),
      db.select({ name: customRoles.name, permissions: customRoles.permissions }).from(customRoles),
    ]);
    for (const row of users) {
      if (row.isFrozen) continue;
      if (audience === 'staff' && !canSeeAdminArea(resolveAccess(row.role, roles))) continue;
      add(row.email);
    }
  }
  if (audience === 'registrants' || audience === 'everyone') {
    const rows = await db
      .selectDistinct({ email: registrations.registrantEmail })
      .from(registrations)
      .where(ne(registrations.paymentStatus, 'cancelled'));
    for (const row of rows) add(row.email);
  }
  return [...addresses.values()].sort();
}

/** Ends a scheduled or running broadcast now (audited); its queued e-mails that have not gone are dropped. */
export async function endBroadcast(deps: Deps, who: AuditContext, id: number): Promise<{ message: string }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(broadcasts).where(eq(broadcasts.id, id)).for('update');
    if (!row) throw new HttpError(404, BROADCAST_MESSAGES.notFound);
    if (row.endsAt <= now) throw new HttpError(409, BROADCAST_MESSAGES.alreadyEnded);
    await tx.update(broadcasts).set({ endsAt: now, endedEarlyAt: now }).where(eq(broadcasts.id, id));
    await tx
      .update(mailQueue)
      .set({ status: 'failed', lastError: BROADCAST_MESSAGES.ended })
      .where(and(eq(mailQueue.broadcastId, id), eq(mailQueue.status, 'queued')));
    await deps.audit.logChange(tx, who, 'end_broadcast', `Broadcast ended early: ${row.message}`, {
      broadcastId: id,
    });
  });
  return { message: BROADCAST_MESSAGES.ended };
}

/** The history, newest first, with the e-mail delivery of each. */
export async function readHistory(db: Db, nowMs: number): Promise<BroadcastHistory> {
  const rows = await db
    .select()
    .from(broadcasts)
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(HISTORY_LIMIT);
  const ids = rows.filter((row) => row.sendEmail).map((row) => row.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ id: mailQueue.broadcastId, status: mailQueue.status, n: count() })
          .from(mailQueue)
          .where(inArray(mailQueue.broadcastId, ids))
          .groupBy(mailQueue.broadcastId, mailQueue.status);
  const delivery = new Map<number, { total: number; sent: number; failed: number }>();
  for (const { id, status, n } of counts) {
    const entry = delivery.get(id!) ?? { total: 0, sent: 0, failed: 0 };
    entry.total += n;
    if (status === 'sent') entry.sent += n;
    if (status === 'failed') entry.failed += n;
    delivery.set(id!, entry);
  }
  return {
    broadcasts: rows.map((row) => ({
      ...toNotice(row),
      audience: row.audience,
      state: broadcastState(row, nowMs),
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      endedEarlyAt: row.endedEarlyAt?.toISOString() ?? null,
      email: row.sendEmail ? (delivery.get(row.id) ?? { total: 0, sent: 0, failed: 0 }) : null,
    })),
  };
}
