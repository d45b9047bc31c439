import { Search, UserRoundSearch } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { playerLookupQuerySchema } from '../../../contracts/player-lookup';
import { countOf } from '../../../domain/plural';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { PlayerResultCard } from './player-result-card';
import { usePlayerLookup } from './queries';

function Results({ name }: { name: string }) {
  const { data, error, isPending, refetch, isFetching } = usePlayerLookup(name, true);
  if (isPending) return <Spinner label="Searching..." />;
  if (error) {
    return (
      <LoadError title="Lookup failed" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
    );
  }
  if (data.players.length === 0) {
    return (
      <Notice icon={UserRoundSearch} title="No players found" role="status">
        <p>{`No player's name contains “${name}”. Check the spelling or try part of the surname.`}</p>
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-sm text-muted">
        {`${countOf(data.players.length, 'player')} found`}
        {data.truncated ? '. More players match: type more of the name to narrow the list.' : ''}
      </p>
      {data.players.map((player) => (
        <PlayerResultCard key={`${player.name}-${player.groupName ?? ''}`} player={player} />
      ))}
    </div>
  );
}

/** /player-lookup?name=…: find your board, colour and opponent for this round, then your history. */
export function PlayerLookupPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const searched = searchParams.get('name') ?? '';
  const [hint, setHint] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  const parsed = playerLookupQuerySchema.safeParse({ name: searched });
  const query = parsed.success ? parsed.data.name : null;

  // The field is read when the form is sent, not kept in state: a name typed on the server-drawn page before its
  // code arrived (ADR 023) is not lost, and without JavaScript the form still searches (GET ?name=).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const draft = new FormData(event.currentTarget).get('name');
    const result = playerLookupQuerySchema.safeParse({ name: typeof draft === 'string' ? draft : '' });
    if (!result.success) {
      setHint(result.error.issues[0]?.message ?? 'Type at least 2 letters of the name');
      return;
    }
    setHint(null);
    setSearchParams({ name: result.data.name });
  };

  return (
    <>
      <PageHeader eyebrow="Board & Player Lookup" title="Player Lookup">
        Find a player's board, colour and opponent for the current round, and every result so far.
      </PageHeader>
      <Container className="py-8 sm:py-12">
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older phone browsers and jsdom; the role works everywhere */}
        <form role="search" onSubmit={onSubmit} noValidate className="mb-8 max-w-2xl">
          <label htmlFor={inputId} className="mb-2 block font-semibold text-fg">
            Player name
          </label>
          <div className="flex gap-2">
            <input
              // A new address (a player link on this page, or Back) starts the field afresh with its name.
              key={searched}
              id={inputId}
              type="search"
              name="name"
              defaultValue={searched}
              placeholder="e.g. Murphy"
              autoComplete="off"
              aria-invalid={hint ? true : undefined}
              aria-describedby={hint ? hintId : undefined}
              className="min-h-12 w-full min-w-0 flex-1 rounded-xl border border-line bg-surface px-4 text-base text-fg shadow-sm placeholder:text-muted focus:border-primary"
            />
            <Button type="submit" size="lg">
              <Search aria-hidden="true" className="size-5" />
              Search
            </Button>
          </div>
          {hint ? (
            <p id={hintId} className="mt-2 text-sm font-medium text-loss">
              {hint}
            </p>
          ) : null}
        </form>

        {query ? (
          <Results name={query} />
        ) : (
          <p className="text-muted">Type at least 2 letters of a player's name, then press Search.</p>
        )}
      </Container>
    </>
  );
}
