import {
  CalendarMinus,
  CircleCheck,
  Download,
  FileUp,
  Pencil,
  Trophy,
  Upload,
  UserMinus,
  UserPlus,
  UsersRound,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ManagedPlayer } from '../../../contracts/player-management';
import { countOf } from '../../../domain/plural';
import { formatPoints } from '../../../domain/scoring/results';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { LoadError } from '../../components/load-error';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { SearchField, SearchForm } from '../../components/ui/search-field';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { CsvImportDialog, TrfImportDialog } from './import-dialogs';
import { BYE_KIND_LABELS, ByeDialog, PlayerDialog, ReactivateButton, WithdrawDialog } from './player-dialogs';
import { exportUrl, useManagedTournaments, usePlayers } from './queries';

const SEARCH_DELAY_MS = 300;

type Action =
  | { kind: 'add' }
  | { kind: 'edit' | 'withdraw' | 'bye'; player: ManagedPlayer }
  | { kind: 'csv' | 'trf' }
  | null;

function PlayerRow({ player, onAction }: { player: ManagedPlayer; onAction: (action: Action) => void }) {
  const who = <span className="sr-only"> {player.name}</span>;
  const details = [
    player.groupName ?? 'No team',
    player.rating === null ? 'Unrated' : `Rating ${player.rating}`,
    player.club,
  ].filter(Boolean);
  return (
    <li
      className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between"
      data-testid="player-row"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
          <span className="truncate">{player.name}</span>
          {player.active ? null : <Badge tone="loss">Withdrawn</Badge>}
          {player.checkedInAt ? (
            <Badge tone="win">
              <CircleCheck aria-hidden="true" className="size-3" />
              Checked in
            </Badge>
          ) : null}
          {player.byes
            .filter((bye) => bye.kind !== 'pairing')
            .map((bye) => (
              <Badge key={bye.roundNumber} tone="draw">
                Bye R{bye.roundNumber} ({BYE_KIND_LABELS[bye.kind]?.match(/\((.+)\)/)?.[1]})
              </Badge>
            ))}
        </p>
        <p className="truncate text-sm text-muted">{details.join(' · ')}</p>
        <p className="text-xs text-muted">
          <span className="font-semibold text-fg">{formatPoints(player.halfPoints)}</span> pts from{' '}
          {countOf(player.gamesPlayed, 'game')}
          {player.userEmail ? ` · Account ${player.userEmail}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-1.5 md:justify-end">
        <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'edit', player })}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit{who}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'bye', player })}>
          <CalendarMinus aria-hidden="true" className="size-4" />
          Bye{who}
        </Button>
        {player.active ? (
          <Button size="sm" variant="danger" onClick={() => onAction({ kind: 'withdraw', player })}>
            <UserMinus aria-hidden="true" className="size-4" />
            Withdraw{who}
          </Button>
        ) : (
          <ReactivateButton player={player} />
        )}
      </div>
    </li>
  );
}

/** /admin/player-management (view_player_management). `?edit=<player id>` opens that player's edit dialog. */
export function PlayerManagementPage() {
  const [params, setParams] = useSearchParams();
  const [tournamentId, setTournamentId] = useState<string | null>(null);
  const { draft, setDraft, search } = useDebouncedSearch(SEARCH_DELAY_MS);
  const [action, setAction] = useState<Action>(null);
  const tournaments = useManagedTournaments();
  const { data, error, isPending, refetch, isFetching } = usePlayers(tournamentId, search);

  // A link from the admin player lookup: open the player's edit dialog once the list has them.
  const editId = params.get('edit');
  useEffect(() => {
    if (!editId || !data) return;
    const player = data.players.find((candidate) => candidate.id === editId);
    if (player) setAction({ kind: 'edit', player });
    setParams({}, { replace: true });
  }, [editId, data, setParams]);

  const close = () => setAction(null);
  const currentId = data?.tournament.id ?? tournamentId;
  const noTournament = error instanceof ApiRequestError && error.status === 404 && tournamentId === null;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Player Management">
        Late entries, corrections, withdrawals and requested byes; players in and out as CSV or TRF.
      </AdminPageHeading>

      {tournaments.data && tournaments.data.tournaments.length > 1 ? (
        <SelectField
          label="Tournament"
          className="max-w-md"
          value={currentId ?? ''}
          onChange={(event) => setTournamentId(event.target.value || null)}
        >
          {tournaments.data.tournaments.map((tournament) => (
            <option key={tournament.id} value={tournament.id}>
              {tournament.name}
              {tournament.active ? ' (active)' : tournament.archived ? ' (archived)' : ''}
            </option>
          ))}
        </SelectField>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setAction({ kind: 'add' })} disabled={!data}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add player
        </Button>
        <Button variant="secondary" onClick={() => setAction({ kind: 'csv' })} disabled={!data}>
          <Upload aria-hidden="true" className="size-4" />
          Import CSV
        </Button>
        {data ? (
          <>
            <a className={buttonClasses('secondary')} href={exportUrl('csv', data.tournament.id)} download>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
            <a className={buttonClasses('secondary')} href={exportUrl('trf', data.tournament.id)} download>
              <Trophy aria-hidden="true" className="size-4" />
              Export TRF
            </a>
          </>
        ) : null}
        <Button variant="secondary" onClick={() => setAction({ kind: 'trf' })}>
          <FileUp aria-hidden="true" className="size-4" />
          Import TRF
        </Button>
      </div>

      <SearchForm className="max-w-md">
        <SearchField label="Search by name or team" value={draft} onChange={setDraft} />
      </SearchForm>

      {isPending ? (
        <Spinner />
      ) : noTournament ? (
        <Notice icon={UsersRound} title="No active tournament" role="status">
          Activate a tournament in Tournament Management, or import one from a TRF file.
        </Notice>
      ) : error ? (
        <LoadError
          title="Failed to load players"
          error={error}
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      ) : (
        <section aria-labelledby="players-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="players-heading" className="font-display text-2xl font-bold text-fg">
              {data.tournament.name}
            </h2>
            <p role="status" className="text-sm text-muted">
              {countOf(data.total, 'player')} · {data.active} active
              {search ? ` · ${data.players.length} matching “${search}”` : ''}
            </p>
          </div>
          {data.players.length === 0 ? (
            <Notice icon={UsersRound} title="No players found" role="status">
              {search ? `Nobody's name or team contains “${search}”.` : 'Add players or import a CSV file.'}
            </Notice>
          ) : (
            <ul
              aria-label="Players"
              className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm"
            >
              {data.players.map((player) => (
                <PlayerRow key={player.id} player={player} onAction={setAction} />
              ))}
            </ul>
          )}
        </section>
      )}

      {action?.kind === 'add' || action?.kind === 'edit' ? (
        <PlayerDialog
          isOpen
          player={action.kind === 'edit' ? action.player : null}
          tournamentId={currentId}
          onClose={close}
        />
      ) : null}
      <WithdrawDialog player={action?.kind === 'withdraw' ? action.player : null} onClose={close} />
      {action?.kind === 'bye' && data ? (
        <ByeDialog
          player={data.players.find((player) => player.id === action.player.id) ?? action.player}
          rounds={data.rounds}
          onClose={close}
        />
      ) : null}
      {action?.kind === 'csv' && data ? (
        <CsvImportDialog
          isOpen
          tournamentId={data.tournament.id}
          tournamentName={data.tournament.name}
          onClose={close}
        />
      ) : null}
      {action?.kind === 'trf' ? (
        <TrfImportDialog isOpen onClose={close} onImported={(id) => setTournamentId(id)} />
      ) : null}
    </div>
  );
}
