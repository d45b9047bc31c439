import { Info, Lock, LockOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { CHECKIN_MESSAGES, type CheckinCount } from '../../../contracts/checkin';
import { nounFor } from '../../../domain/plural';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { Badge } from '../../components/ui/badge';
import { cx } from '../../components/ui/cx';

/** Links between the check-in pages, drawn as links (the app's default link is plain text). */
export const checkinLinkClass = 'font-semibold text-link underline underline-offset-2';

/** The heading every check-in page starts with, and the open/closed state beside it. */
export function CheckinHeading({
  title,
  description,
  isOpen,
}: {
  title: string;
  description: string;
  isOpen: boolean;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <AdminPageHeading title={title}>{description}</AdminPageHeading>
      <CheckinStateBadge isOpen={isOpen} />
    </div>
  );
}

export function CheckinStateBadge({ isOpen }: { isOpen: boolean }) {
  return (
    <Badge tone={isOpen ? 'win' : 'loss'} className="px-3 py-1 text-sm">
      {isOpen ? (
        <LockOpen aria-hidden="true" className="size-4" />
      ) : (
        <Lock aria-hidden="true" className="size-4" />
      )}
      {isOpen ? 'Check-in open' : 'Check-in closed'}
    </Badge>
  );
}

const percent = ({ checkedIn, total }: CheckinCount) =>
  total === 0 ? 0 : Math.round((checkedIn / total) * 100);

/** A thin bar showing the share of players checked in (the numbers beside it say the same for readers). */
export function CheckinProgress({ counts, className }: { counts: CheckinCount; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx('h-2 w-full overflow-hidden rounded-full bg-surface-muted', className)}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width]"
        style={{ width: `${percent(counts)}%` }}
      />
    </div>
  );
}

/** "12 / 56 checked in" in large type, with the progress bar and whatever else the page adds. */
export function CheckinCounts({ counts, children }: { counts: CheckinCount; children?: ReactNode }) {
  return (
    <section
      aria-label="Check-in counts"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-display text-fg">
          <span className="text-4xl font-bold" data-testid="checked-in-count">
            {counts.checkedIn}
          </span>
          <span className="text-2xl font-semibold text-muted"> / {counts.total}</span>
          <span className="ml-2 text-base font-semibold">checked in</span>
        </p>
        <p className="text-sm text-muted">
          {counts.total - counts.checkedIn} still to arrive · {percent(counts)}%
        </p>
      </div>
      <CheckinProgress counts={counts} className="mt-3" />
      {children}
    </section>
  );
}

/** Round management pairs only checked-in players once anyone is checked in: say which case applies now. */
export function PairingHint({ counts }: { counts: CheckinCount }) {
  return (
    <p className="mt-3 flex items-start gap-2 text-sm text-muted">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        {CHECKIN_MESSAGES.pairingHint}{' '}
        {counts.checkedIn === 0
          ? 'Nobody is checked in yet, so for now every active player would be paired.'
          : `The next pairing will use the ${counts.checkedIn} checked-in ${nounFor(counts.checkedIn, 'player')}.`}
      </span>
    </p>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-IE', { hour: '2-digit', minute: '2-digit' });

export function checkedInTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
