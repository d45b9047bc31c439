import { PRIZE_MESSAGES } from '../../../contracts/prizes';
import { QueryView } from '../../components/query-view';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { PrizeList } from './prize-list';
import { usePublicPrizes } from './queries';

/**
 * /prizes (public; issue 32, ADR 043): the prizes on offer and, unless staff hold them back for the ceremony, who
 * wins them so far, with how ties are shared. It follows confirmed results live.
 */
export function PrizesPage() {
  return (
    <>
      <PageHeader eyebrow="Prize-giving" title="Prizes">
        Every prize on offer and who is winning it, updated as results are confirmed.
      </PageHeader>
      <Container className="py-10 sm:py-14">
        <QueryView query={usePublicPrizes()} errorTitle={PRIZE_MESSAGES.loadFailed} keepDataOnError>
          {(view) => <PrizeList view={view} />}
        </QueryView>
      </Container>
    </>
  );
}
