import { PartyPopper, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { CHECKIN_SOURCE_LABELS, type CheckinOverview } from '../../../contracts/checkin';
import { may } from '../../../domain/access-rules';
import { QueryView } from '../../components/query-view';
import { cx } from '../../components/ui/cx';
import { Notice } from '../../components/ui/notice';
import { useSession } from '../auth/queries';
import {
  CheckinCounts,
  CheckinHeading,
  CheckinProgress,
  checkedInTime,
  checkinLinkClass,
  PairingHint,
} from './checkin-parts';
import { useCheckinOpen, useCheckinOverview } from './queries';

type Group = CheckinOverview['schools'][number];

function GroupTable({ title, groups, noneLabel }: { title: string; groups: Group[]; noneLabel: string }) {
  const headingId = `checkin-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-3 font-display text-2xl font-bold text-fg">
        {title}
      </h2>
      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {title === 'By school' ? 'School' : 'Team'}
              </th>
              <th scope="col" className="px-4 py-2.5 text-right font-semibold whitespace-nowrap">
                Checked in
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {groups.map((group) => {
              const isComplete = group.checkedIn === group.total;
              return (
                <tr key={group.name ?? ''}>
                  <th scope="row" className="px-4 py-2.5 font-semibold text-fg">
                    {group.name ?? noneLabel}
                    <CheckinProgress counts={group} className="mt-1.5 h-1.5" />
                  </th>
                  <td
                    className={`px-4 py-2.5 text-right font-semibold tabular-nums whitespace-nowrap ${isComplete ? 'text-win' : 'text-fg'}`}
                  >
                    {group.checkedIn} / {group.total}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function MissingList({ missing }: { missing: CheckinOverview['missing'] }) {
  // Already ordered by team, then name: group consecutive players of one team.
  const teams: { team: string | null; players: CheckinOverview['missing'] }[] = [];
  for (const player of missing) {
    const last = teams.at(-1);
    if (last && last.team === player.team) last.players.push(player);
    else teams.push({ team: player.team, players: [player] });
  }
  return (
    <section aria-labelledby="checkin-missing" className="flex flex-col gap-3">
      <h2 id="checkin-missing" className="font-display text-2xl font-bold text-fg">
        Not checked in ({missing.length})
      </h2>
      {missing.length === 0 ? (
        <Notice icon={PartyPopper} title="Everyone is here" role="status">
          Every active player is checked in.
        </Notice>
      ) : (
        <ul aria-label="Players not checked in" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {teams.map(({ team, players }) => (
            <li key={team ?? ''} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
              <p className="font-semibold text-fg">{team ?? 'No team'}</p>
              <ul className="mt-1 text-sm text-muted">
                {players.map((player) => (
                  <li key={player.id}>{player.name}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A cell of the arrivals table: narrower padding on a phone. */
const cell = 'px-3 py-2 sm:px-4';

/** Every check-in, latest first: when, how (desk, kiosk, whole school, offline replay) and who has left. */
function ArrivalsTable({ arrivals, inHall }: { arrivals: CheckinOverview['arrivals']; inHall: number }) {
  return (
    <section aria-labelledby="checkin-arrivals" className="flex flex-col gap-3">
      <h2 id="checkin-arrivals" className="font-display text-2xl font-bold text-fg">
        Arrivals ({arrivals.length})
      </h2>
      <p className="text-sm text-muted">
        <span data-testid="in-hall-count" className="font-semibold text-fg">
          {inHall}
        </span>{' '}
        still in the hall (checked in and not signed out).
      </p>
      {arrivals.length === 0 ? null : (
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
          <table aria-label="Arrivals" className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className={cx(cell, 'font-semibold')}>
                  Player
                </th>
                <th scope="col" className={cx(cell, 'font-semibold')}>
                  Checked in
                </th>
                {/* On a phone the source sits under the time, so the table fits 375 px without scrolling. */}
                <th scope="col" className={cx(cell, 'hidden font-semibold sm:table-cell')}>
                  Source
                </th>
                <th scope="col" className={cx(cell, 'font-semibold')}>
                  Left
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {arrivals.map((player) => {
                const source = player.source ? CHECKIN_SOURCE_LABELS[player.source] : '—';
                return (
                  <tr key={player.id}>
                    <th scope="row" className={cx(cell, 'font-semibold text-fg')}>
                      {player.name}
                      <span className="block text-xs font-normal text-muted">{player.team ?? 'No team'}</span>
                    </th>
                    <td className={cx(cell, 'tabular-nums')}>
                      {checkedInTime(player.checkedInAt!)}
                      <span className="block text-xs text-muted sm:hidden">{source}</span>
                    </td>
                    <td className={cx(cell, 'hidden sm:table-cell')}>{source}</td>
                    <td className={cx(cell, 'tabular-nums')}>
                      {player.signedOutAt ? checkedInTime(player.signedOutAt) : 'In the hall'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * /admin/checkin-overview (access_checkin_overview): how many have arrived, by school and by team, and who is
 * still missing. Live: check-ins at any desk show up here without a reload.
 */
export function CheckinOverviewPage() {
  const session = useSession();
  const { isOpen } = useCheckinOpen();
  const overview = useCheckinOverview();
  const mayUseDesk = session.status === 'signed-in' && may(session.access, 'checkinDesk');

  return (
    <div className="flex flex-col gap-6">
      <CheckinHeading
        title="Check-in Overview"
        description="Who has arrived, by school and team, and who is still missing."
        isOpen={isOpen}
      />
      <QueryView query={overview}>
        {(data) =>
          !data.tournament ? (
            <Notice icon={UsersRound} title="No active tournament" role="status">
              The overview fills in once a tournament is activated in Tournament Management.
            </Notice>
          ) : (
            <>
              <CheckinCounts counts={data.counts}>
                <PairingHint counts={data.counts} />
                {mayUseDesk ? (
                  <p className="mt-2 text-sm">
                    <Link className={checkinLinkClass} to="/admin/checkin-desk">
                      Go to the check-in desk
                    </Link>
                  </p>
                ) : null}
              </CheckinCounts>
              <div className="grid gap-6 lg:grid-cols-2">
                <GroupTable title="By school" groups={data.schools} noneLabel="No school" />
                <GroupTable title="By team" groups={data.teams} noneLabel="No team" />
              </div>
              <MissingList missing={data.missing} />
              <ArrivalsTable arrivals={data.arrivals} inHall={data.counts.inHall} />
            </>
          )
        }
      </QueryView>
    </div>
  );
}
