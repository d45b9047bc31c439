import type { RecentMatch } from '../../../contracts/tournament';
import { Container } from '../../components/ui/container';
import { SectionHeading } from '../../components/ui/section-heading';
import { formatDateTime } from '../../lib/format';
import { BoardCard } from '../tournament/board-views';

/** docs/requirements.md §2: 3 random finished matches with round, board, players, result badge and date. */
export function RecentMatches({ matches }: { matches: RecentMatch[] }) {
  return (
    <section aria-labelledby="recent-title" className="py-12 sm:py-16">
      <Container>
        <SectionHeading id="recent-title" title="Recent Match Results" eyebrow="Just finished" />
        {matches.length === 0 ? (
          <p className="text-muted">Results appear here as games finish.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            {matches.map((match) => (
              <BoardCard
                key={`${match.roundNumber}-${match.board}`}
                board={match}
                heading={`Round ${match.roundNumber} · Board ${match.board}`}
                footer={<time dateTime={match.finishedAt}>Finished {formatDateTime(match.finishedAt)}</time>}
              />
            ))}
          </div>
        )}
      </Container>
    </section>
  );
}
