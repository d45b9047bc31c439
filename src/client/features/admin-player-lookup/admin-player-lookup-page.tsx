import { CircleCheck, CircleDashed, Pencil, UserRoundSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { LookupDetail, LookupGame } from '../../../contracts/admin-player-lookup';
import { BYE_LABELS } from '../../../contracts/byes';
import { may } from '../../../domain/access-rules';
import { COLOUR_LABELS, formatPoints, formatResult } from '../../../domain/scoring/results';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { SearchField, SearchForm } from '../../components/ui/search-field';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useSession } from '../auth/queries';
import { useLookupDetail, useLookupSearch } from './queries';

const SEARCH_DELAY_MS = 250;
const timeFormat = new Intl.DateTimeFormat('en-IE', { hour: '2-digit', minute: '2-digit' });

function outcomeBadge(game: LookupGame): { tone: BadgeTone; label: string } {
  if (game.bye) return { tone: 'draw', label: `${BYE_LABELS[game.bye]} · ${formatPoints(game.halfPoints)}` };
  if (game.result === null) return { tone: 'neutral', label: 'In progress' };
  const tone: BadgeTone = game.outcome === 'win' ? 'win' : game.outcome === 'loss' ? 'loss' : 'draw';
  return { tone, label: formatResult(game.result) };
}

function opponentText(game: LookupGame): string {
  if (!game.opponent) return game.bye ? BYE_LABELS[game.bye] : '–';
  const team = game.opponent.groupName ? ` (${game.opponent.groupName})` : '';
  return `${game.opponent.name}${team}`;
}

function CurrentBoard({ detail }: { detail: LookupDetail }) {
  const round = detail.tournament.currentRound;
  const game = detail.current;
  return (
    <section
      aria-label="Current round"
      className="rounded-2xl border border-primary/40 bg-surface p-4 shadow-sm sm:p-5"
    >
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">
        Round {round || '–'}
        {detail.currentRoundStatus === 'active' ? ' · in progress' : ''}
      </p>
      {game === null ? (
        <p className="mt-2 text-lg text-fg">Not paired in this round.</p>
      ) : game.bye ? (
        <p className="mt-2 text-lg font-semibold text-fg">{BYE_LABELS[game.bye]}</p>
      ) : (
        <div className="mt-2 grid grid-cols-3 gap-3 text-center">
          <p className="flex flex-col">
            <span className="font-display text-4xl font-bold text-fg">{game.boardNumber}</span>
            <span className="text-xs text-muted">Board</span>
          </p>
          <p className="flex flex-col items-center">
            <span
              aria-hidden="true"
              className={`mt-1 size-9 rounded-full border-2 border-fg ${game.colour === 'white' ? 'bg-white' : 'bg-black'}`}
            />
            <span className="mt-1 text-xs text-muted">{game.colour === 'white' ? 'White' : 'Black'}</span>
          </p>
          <p className="flex flex-col">
            <span className="font-semibold text-fg">{outcomeBadge(game).label}</span>
            <span className="text-xs text-muted">Result</span>
          </p>
          <p className="col-span-3 text-left text-fg">
            <span className="text-muted">Opponent: </span>
            <span className="font-semibold">{opponentText(game)}</span>
            {game.opponent?.rating ? <span className="text-muted"> · {game.opponent.rating}</span> : null}
          </p>
        </div>
      )}
    </section>
  );
}

function PlayerDetail({ id, mayEdit }: { id: string; mayEdit: boolean }) {
  const detail = useLookupDetail(id);
  return (
    <QueryView query={detail} errorTitle="Failed to load the player">
      {(data) => {
        const { player } = data;
        return (
          <article aria-labelledby="player-heading" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id="player-heading" className="font-display text-2xl font-bold text-fg">
                  {player.name}
                </h2>
                <p className="text-muted">
                  {[
                    player.groupName ?? 'No team',
                    player.rating === null ? 'Unrated' : `Rating ${player.rating}`,
                    player.club,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="mt-2 flex flex-wrap gap-2">
                  {player.checkedInAt ? (
                    <Badge tone="win">
                      <CircleCheck aria-hidden="true" className="size-3" />
                      Checked in {timeFormat.format(new Date(player.checkedInAt))}
                    </Badge>
                  ) : (
                    <Badge>
                      <CircleDashed aria-hidden="true" className="size-3" />
                      Not checked in
                    </Badge>
                  )}
                  {player.active ? null : <Badge tone="loss">Withdrawn</Badge>}
                  <Badge tone="accent">
                    {formatPoints(player.halfPoints)} pts{data.rank ? ` · rank ${data.rank}` : ''}
                  </Badge>
                </p>
              </div>
              {mayEdit ? (
                <Link
                  className={buttonClasses('secondary', 'sm')}
                  to={`/admin/player-management?${new URLSearchParams({ edit: player.id })}`}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit player
                </Link>
              ) : null}
            </div>
            <CurrentBoard detail={data} />
            <section aria-labelledby="results-heading">
              <h3 id="results-heading" className="mb-2 font-display text-xl font-bold text-fg">
                Results
              </h3>
              {data.results.length === 0 ? (
                <p className="text-muted">No games yet.</p>
              ) : (
                <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
                  {data.results.map((game) => {
                    const badge = outcomeBadge(game);
                    return (
                      <li
                        key={game.roundNumber}
                        className="flex items-center justify-between gap-3 px-4 py-3"
                      >
                        <div className="min-w-0">
                          <p className="text-xs text-muted">
                            Round {game.roundNumber}
                            {game.boardNumber ? ` · Board ${game.boardNumber}` : ''}
                            {game.colour ? ` · ${COLOUR_LABELS[game.colour]}` : ''}
                          </p>
                          <p className="truncate text-fg">{opponentText(game)}</p>
                        </div>
                        <Badge tone={badge.tone}>{badge.label}</Badge>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          </article>
        );
      }}
    </QueryView>
  );
}

/** /admin/admin-player-lookup (view_admin_player_lookup): find a player, see their board and results. */
export function AdminPlayerLookupPage() {
  const session = useSession();
  const { draft, setDraft, search } = useDebouncedSearch(SEARCH_DELAY_MS);
  const [selected, setSelected] = useState<string | null>(null);
  const found = useLookupSearch(search);

  // One match: show it at once.
  const only = found.data?.players.length === 1 ? found.data.players[0]?.id : undefined;
  useEffect(() => {
    if (only) setSelected(only);
  }, [only]);

  const mayEdit = session.status === 'signed-in' && may(session.access, 'managePlayers');
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Player Lookup">
        Where a player sits now, their results, points and check-in.
      </AdminPageHeading>
      <SearchForm className="max-w-md">
        <SearchField label="Player name or team" value={draft} onChange={setDraft} />
      </SearchForm>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <div>
          {search === '' ? (
            <Notice icon={UserRoundSearch} title="Search for a player">
              Type part of a name or a team, e.g. “St Kevin's A”.
            </Notice>
          ) : (
            <QueryView query={found} errorTitle="Failed to search">
              {(data) =>
                data.tournament === null ? (
                  <Notice icon={UserRoundSearch} title="No active tournament" role="status" />
                ) : data.players.length === 0 ? (
                  <Notice icon={UserRoundSearch} title="No players found" role="status">
                    Nobody's name or team contains “{search}”.
                  </Notice>
                ) : (
                  <ul aria-label="Matching players" className="flex flex-col gap-1.5">
                    {data.players.map((player) => (
                      <li key={player.id}>
                        <button
                          type="button"
                          aria-pressed={selected === player.id}
                          onClick={() => setSelected(player.id)}
                          className={`flex min-h-12 w-full items-center justify-between gap-2 rounded-xl border px-3 py-2 text-left ${
                            selected === player.id
                              ? 'border-primary bg-primary text-on-primary'
                              : 'border-line bg-surface text-fg hover:bg-surface-muted'
                          }`}
                        >
                          <span className="min-w-0">
                            <span className="block truncate font-semibold">{player.name}</span>
                            <span className="block truncate text-xs opacity-80">
                              {player.groupName ?? 'No team'}
                              {player.active ? '' : ' · withdrawn'}
                            </span>
                          </span>
                          <span className="shrink-0 text-sm font-semibold">
                            {formatPoints(player.halfPoints)} pts
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )
              }
            </QueryView>
          )}
        </div>
        <div>{selected ? <PlayerDetail id={selected} mayEdit={mayEdit} /> : null}</div>
      </div>
    </div>
  );
}
