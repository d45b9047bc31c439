import {
  CircleCheck,
  Lock,
  Pencil,
  ScanLine,
  School,
  Search,
  Undo2,
  UserCheck,
  UsersRound,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CheckinPlayer } from '../../../contracts/checkin';
import { type AccessName, may } from '../../../domain/access-rules';
import { OutboxStatus } from '../../components/outbox-status';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Notice } from '../../components/ui/notice';
import { notifyFailure } from '../../lib/notify';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useSession } from '../auth/queries';
import { CheckinCounts, CheckinHeading, checkedInTime, checkinLinkClass, PairingHint } from './checkin-parts';
import { CHECKIN_OUTBOX_KINDS, useCheckinOutbox, useDeskAction } from './desk-actions';
import { useCheckinDesk, useCheckinOpen } from './queries';
import { RenamePlayerDialog } from './rename-player-dialog';
import { WholeSchoolDialog } from './whole-school-dialog';

/** Short enough to feel instant, long enough not to ask the server for every letter of a fast typist. */
const SEARCH_DELAY_MS = 150;

type LastAction = { kind: 'check-in' | 'undo'; player: CheckinPlayer };

function PlayerRow({
  player,
  isOpen,
  isBusy,
  onCheckIn,
  onUndo,
  onRename,
}: {
  player: CheckinPlayer;
  isOpen: boolean;
  isBusy: boolean;
  onCheckIn: () => void;
  onUndo: () => void;
  onRename: () => void;
}) {
  const isIn = player.checkedInAt !== null;
  const who = <span className="sr-only"> {player.name}</span>;
  return (
    <li
      className={cx(
        'flex min-h-20 flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 transition-colors',
        isIn && 'bg-win-bg/60',
      )}
    >
      {/* On a phone the buttons wrap under the name rather than squeezing it. */}
      <div className="min-w-48 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-lg font-semibold text-fg">
          <span className="min-w-0 break-words">{player.name}</span>
          {player.isWithdrawn ? <Badge tone="loss">Withdrawn</Badge> : null}
        </p>
        <p className="text-sm text-muted">
          {player.team ?? 'No team'}
          {player.section ? <span className="font-semibold text-fg"> · {player.section}</span> : null}
          {isIn ? (
            <span className="font-semibold text-win"> · Checked in {checkedInTime(player.checkedInAt!)}</span>
          ) : null}
        </p>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-2">
        <button
          type="button"
          onClick={onRename}
          className="grid size-12 place-items-center rounded-xl border border-line bg-surface text-muted hover:bg-surface-muted hover:text-fg"
        >
          <Pencil aria-hidden="true" className="size-5" />
          <span className="sr-only">Edit name of {player.name}</span>
        </button>
        {isIn ? (
          <>
            <span className="flex min-h-12 items-center gap-1.5 px-2 font-semibold text-win">
              <CircleCheck aria-hidden="true" className="size-6" />
              <span className="hidden sm:inline">Checked in</span>
            </span>
            <Button
              variant="secondary"
              size="lg"
              className="px-4"
              disabled={!isOpen || isBusy}
              onClick={onUndo}
            >
              <Undo2 aria-hidden="true" className="size-5" />
              Undo{who}
            </Button>
          </>
        ) : (
          <Button
            size="lg"
            className="min-w-36 text-lg"
            disabled={!isOpen || isBusy || player.isWithdrawn}
            onClick={onCheckIn}
          >
            <UserCheck aria-hidden="true" className="size-5" />
            Check in{who}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The last thing this desk did, with the one-tap Undo (announced to screen readers as it changes). */
function LastActionBar({
  action,
  isOpen,
  isBusy,
  onUndo,
}: {
  action: LastAction | null;
  isOpen: boolean;
  isBusy: boolean;
  onUndo: () => void;
}) {
  return (
    <div role="status" aria-live="polite" className="min-h-0">
      {action ? (
        <div className="flex items-center justify-between gap-3 rounded-2xl border border-win/30 bg-win-bg px-4 py-2">
          <p className="flex min-w-0 items-center gap-2 font-semibold text-win">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            <span className="min-w-0 truncate">
              {action.kind === 'check-in'
                ? `${action.player.name} checked in`
                : `Check-in undone for ${action.player.name}`}
            </span>
          </p>
          <Button variant="secondary" size="lg" disabled={!isOpen || isBusy} onClick={onUndo}>
            <Undo2 aria-hidden="true" className="size-5" />
            Undo
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * /admin/checkin-desk (access_checkin_page): made for a tablet at the entrance. One big search box (name or
 * team), large rows with one big button each, the counts on top, an Undo for the last tap. Check-ins at
 * other desks appear live.
 */
export function CheckinDeskPage() {
  const session = useSession();
  const { draft, setDraft, search } = useDebouncedSearch(SEARCH_DELAY_MS);
  const [lastAction, setLastAction] = useState<LastAction | null>(null);
  const [renaming, setRenaming] = useState<CheckinPlayer | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const { isOpen } = useCheckinOpen();
  const desk = useCheckinDesk(search);
  const action = useDeskAction();
  const [isWholeSchoolOpen, setWholeSchoolOpen] = useState(false);
  useCheckinOutbox();

  const perform = (next: LastAction, options: { isUndoOfLast?: boolean } = {}) => {
    action.mutate(next, {
      onSuccess: ({ player }) => {
        setLastAction(options.isUndoOfLast ? null : { kind: next.kind, player });
      },
      onError: (error) =>
        notifyFailure(error, next.kind === 'check-in' ? 'Failed to check in' : 'Failed to undo the check-in'),
    });
    // Ready for the next arrival: typing replaces the last search.
    if (next.kind === 'check-in') searchRef.current?.select();
  };

  const undoLast = () => {
    if (!lastAction) return;
    perform(
      { kind: lastAction.kind === 'check-in' ? 'undo' : 'check-in', player: lastAction.player },
      { isUndoOfLast: true },
    );
  };

  const mayOpen = (name: AccessName) => session.status === 'signed-in' && may(session.access, name);
  const data = desk.data;

  return (
    <div className="flex flex-col gap-4">
      <CheckinHeading
        title="Check-in Desk"
        description="Find each player as they arrive and check them in."
        isOpen={isOpen}
      />

      {!isOpen ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-loss/30 bg-loss-bg px-4 py-3 text-loss"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong>Check-in is closed.</strong>{' '}
            {mayOpen('checkinSettings') ? (
              <>
                Open it on the{' '}
                <Link className={checkinLinkClass} to="/admin/checkin-settings">
                  Check-in Settings
                </Link>{' '}
                page to start checking players in.
              </>
            ) : (
              'Players can be checked in once an organiser opens it on the Check-in Settings page.'
            )}
          </p>
        </div>
      ) : null}

      {data ? (
        <CheckinCounts counts={data.counts}>
          <PairingHint counts={data.counts} />
          <p className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" size="md" onClick={() => setWholeSchoolOpen(true)}>
              <School aria-hidden="true" className="size-4" /> Whole school…
            </Button>
            <Link className={buttonClasses('secondary', 'md')} to="/mss-nfc-access">
              <ScanLine aria-hidden="true" className="size-4" /> Open the kiosk
            </Link>
          </p>
          {mayOpen('checkinOverview') ? (
            <p className="mt-2 text-sm">
              <Link className={checkinLinkClass} to="/admin/checkin-overview">
                See who is missing
              </Link>
            </p>
          ) : null}
        </CheckinCounts>
      ) : null}

      {/* The search stays in view above the on-screen keyboard while the results scroll under it. */}
      <div className="sticky top-16 z-10 -mx-1 flex flex-col gap-2 bg-page px-1 pt-1 pb-2">
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers and jsdom */}
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            // Enter closes the on-screen keyboard so the results are in full view.
            searchRef.current?.blur();
          }}
        >
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold text-fg">
            Search by name or team
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-4 left-4 size-6 text-muted"
            />
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="e.g. Polgar or St Kevin's A"
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="none"
              spellCheck={false}
              enterKeyHint="search"
              // biome-ignore lint/a11y/noAutofocus: the desk's one job starts here; the staff member came to type
              autoFocus
              className="min-h-14 w-full min-w-0 rounded-2xl border-2 border-line bg-surface pr-4 pl-13 text-xl text-fg shadow-sm placeholder:text-muted focus:border-primary"
            />
          </div>
        </form>
        <LastActionBar action={lastAction} isOpen={isOpen} isBusy={action.isPending} onUndo={undoLast} />
        {/* In view however far the list is scrolled: what this tablet still has to send (ADR 032). */}
        <OutboxStatus kinds={CHECKIN_OUTBOX_KINDS} />
      </div>

      <QueryView query={desk}>
        {(data) =>
          !data?.tournament ? (
            <Notice icon={UsersRound} title="No active tournament" role="status">
              Players can be checked in once a tournament is activated in Tournament Management.
            </Notice>
          ) : search === '' ? (
            <p className="px-1 py-6 text-center text-muted">Type a player's name or team to find them.</p>
          ) : data.players.length === 0 ? (
            <Notice icon={UsersRound} title="No players found" role="status">
              Nobody's name or team starts with “{search}”. Check the spelling, or try the team name.
            </Notice>
          ) : (
            <>
              <ul
                aria-label="Players found"
                className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
              >
                {data.players.map((player) => (
                  <PlayerRow
                    key={player.id}
                    player={player}
                    isOpen={isOpen}
                    isBusy={action.isPending && action.variables?.player.id === player.id}
                    onCheckIn={() => perform({ kind: 'check-in', player })}
                    onUndo={() => perform({ kind: 'undo', player })}
                    onRename={() => setRenaming(player)}
                  />
                ))}
              </ul>
              {data.isTruncated ? (
                <p className="text-center text-sm text-muted">
                  Showing the first {data.players.length} matches. Type more of the name to narrow the list.
                </p>
              ) : null}
            </>
          )
        }
      </QueryView>
      <RenamePlayerDialog player={renaming} onClose={() => setRenaming(null)} />
      <WholeSchoolDialog isOpen={isWholeSchoolOpen} onClose={() => setWholeSchoolOpen(false)} />
    </div>
  );
}
