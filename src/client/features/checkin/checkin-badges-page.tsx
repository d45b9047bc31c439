import { useQuery } from '@tanstack/react-query';
import { BadgePlus, Nfc, Printer, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { BADGE_MESSAGES, type BadgeHolder } from '../../../contracts/badges';
import { badgeUrl, formatBadgeCode } from '../../../domain/badges';
import { normalizeSearchText } from '../../../domain/checkin';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Button, buttonClasses } from '../../components/ui/button';
import { SearchField } from '../../components/ui/search-field';
import { isNfcSupported, writeNfcUrl } from '../../lib/nfc';
import { notify, notifyFailure } from '../../lib/notify';
import { badgeListQuery, useBadgeAction } from './queries';

/** The rows shown at once; the search narrows a list of 350. */
const ROWS_SHOWN = 60;

function HolderRow({ holder, isNfc }: { holder: BadgeHolder; isNfc: boolean }) {
  const action = useBadgeAction();
  const [isWriting, setWriting] = useState(false);
  const run = (kind: 'reissue' | 'revoke') =>
    action.mutate(
      { kind, holder },
      {
        onSuccess: ({ message }) => notify('success', message),
        onError: (error) => notifyFailure(error, 'The badge could not be changed'),
      },
    );
  const write = async () => {
    if (!holder.badge) return;
    setWriting(true);
    try {
      await writeNfcUrl(badgeUrl(window.location.origin, holder.badge.token));
      notify('success', BADGE_MESSAGES.nfcWritten);
    } catch {
      notify('error', BADGE_MESSAGES.nfcFailed);
    } finally {
      setWriting(false);
    }
  };
  return (
    <tr>
      <th scope="row" className="px-4 py-2 font-semibold text-fg">
        {holder.name}
        <span className="block text-xs font-normal text-muted">
          {holder.kind === 'school' ? 'School badge' : (holder.team ?? holder.schoolName ?? 'No team')}
        </span>
      </th>
      <td className="px-4 py-2 font-mono tabular-nums">
        {holder.badge ? formatBadgeCode(holder.badge.code) : <span className="text-muted">None</span>}
        {holder.revokedCount > 0 ? (
          <span className="block font-sans text-xs text-muted">{holder.revokedCount} revoked</span>
        ) : null}
      </td>
      <td className="px-4 py-2">
        <div className="flex flex-wrap justify-end gap-2">
          <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => run('reissue')}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {holder.badge ? 'Reissue' : 'Issue'}
            <span className="sr-only"> badge of {holder.name}</span>
          </Button>
          {holder.badge ? (
            <Button size="sm" variant="danger" disabled={action.isPending} onClick={() => run('revoke')}>
              <Trash2 aria-hidden="true" className="size-4" /> Revoke
              <span className="sr-only"> badge of {holder.name}</span>
            </Button>
          ) : null}
          {isNfc && holder.badge ? (
            <Button size="sm" variant="secondary" disabled={isWriting} onClick={write}>
              <Nfc aria-hidden="true" className="size-4" /> {isWriting ? 'Hold the tag…' : 'Write to NFC tag'}
              <span className="sr-only"> for {holder.name}</span>
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function HolderTable({ label, holders, isNfc }: { label: string; holders: BadgeHolder[]; isNfc: boolean }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Name
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Code
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {holders.map((holder) => (
            <HolderRow key={`${holder.kind}-${holder.id}`} holder={holder} isNfc={isNfc} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /admin/checkin-badges (access_checkin_settings, ADR 031): the badge of every player and school for the door
 * kiosk: issue the missing ones, reissue or revoke one (the old badge stops working at once), print them, and
 * on an Android phone write one to an NFC tag.
 */
export function CheckinBadgesPage() {
  const badges = useQuery(badgeListQuery);
  const issue = useBadgeAction();
  const [search, setSearch] = useState('');
  const isNfc = isNfcSupported();
  const query = normalizeSearchText(search);
  const matches = (holder: BadgeHolder) =>
    query === '' || normalizeSearchText(`${holder.name} ${holder.team ?? ''}`).includes(query);
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Check-in Badges">
        Each player and school has a badge for the check-in kiosk: a QR code and a short code to type.
      </AdminPageHeading>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={issue.isPending}
          onClick={() =>
            issue.mutate(
              { kind: 'issue' },
              {
                onSuccess: ({ message }) => notify('success', message),
                onError: (error) => notifyFailure(error, 'The badges could not be issued'),
              },
            )
          }
        >
          <BadgePlus aria-hidden="true" className="size-4" /> Issue missing badges
        </Button>
        <a
          className={buttonClasses('secondary')}
          href="/print/badges?checkin=1"
          target="_blank"
          rel="noreferrer"
        >
          <Printer aria-hidden="true" className="size-4" /> Print badges
        </a>
      </div>
      {isNfc ? null : (
        <p className="text-sm text-muted">
          Writing NFC tags needs Chrome on an Android phone; open this page there to see the buttons.
        </p>
      )}
      <QueryView query={badges}>
        {(data) => {
          const players = data.players.filter(matches);
          return (
            <>
              <SearchField label="Search by name or team" value={search} onChange={setSearch} />
              <section aria-labelledby="badges-schools" className="flex flex-col gap-3">
                <h2 id="badges-schools" className="font-display text-2xl font-bold text-fg">
                  Schools ({data.schools.length})
                </h2>
                <p className="text-sm text-muted">
                  A teacher's school badge opens the school's list at the kiosk for whole-school check-in.
                </p>
                <HolderTable label="School badges" holders={data.schools.filter(matches)} isNfc={isNfc} />
              </section>
              <section aria-labelledby="badges-players" className="flex flex-col gap-3">
                <h2 id="badges-players" className="font-display text-2xl font-bold text-fg">
                  Players ({data.players.length})
                </h2>
                <HolderTable label="Player badges" holders={players.slice(0, ROWS_SHOWN)} isNfc={isNfc} />
                {players.length > ROWS_SHOWN ? (
                  <p className="text-center text-sm text-muted">
                    Showing {ROWS_SHOWN} of {players.length}. Type a name to find the others.
                  </p>
                ) : null}
              </section>
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
