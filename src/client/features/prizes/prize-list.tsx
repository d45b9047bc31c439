import { Award, FileDown, Medal, Trophy } from 'lucide-react';
import {
  CASH_SHARING_LABELS,
  PRIZE_KIND_LABELS,
  PRIZE_MESSAGES,
  PRIZE_PRIORITY_LABELS,
  type PrizesView,
} from '../../../contracts/prizes';
import { formatPrize, ordinal } from '../../../domain/prizes';
import { SectionBlock, SectionNav } from '../../components/sections';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PRIZES_BASE } from './queries';

type CategoryView = PrizesView['brackets'][number]['categories'][number];

const ICONS = { cash: Award, trophy: Trophy, medal: Medal, certificate: Award } as const;

function CategoryCard({
  category,
  hidden,
  forStaff,
}: {
  category: CategoryView;
  hidden: boolean;
  forStaff: boolean;
}) {
  const byPlace = new Map(category.awards.map((award) => [award.place, award]));
  return (
    <Card className="flex flex-col gap-3" data-testid="prize-category">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-xl font-bold text-fg">{category.name}</h3>
        {forStaff && category.awards.length > 0 ? (
          <a
            href={`${PRIZES_BASE}/certificates?scope=winners&category=${encodeURIComponent(category.key)}`}
            download
            className={buttonClasses('ghost', 'sm')}
          >
            <FileDown aria-hidden="true" className="size-4" />
            Certificates (PDF)<span className="sr-only"> of {category.name}</span>
          </a>
        ) : null}
      </div>
      <ol className="flex flex-col divide-y divide-line">
        {category.places.map((prize, index) => {
          const place = index + 1;
          const award = byPlace.get(place);
          const Icon = ICONS[prize.kind];
          return (
            <li key={place} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
              <span className="w-10 font-bold text-fg tabular-nums">{ordinal(place)}</span>
              <span className="inline-flex w-24 shrink-0 items-center gap-1 text-muted">
                <Icon aria-hidden="true" className="size-4" />
                {prize.kind === 'cash' ? formatPrize(prize) : PRIZE_KIND_LABELS[prize.kind]}
              </span>
              {award ? (
                <span className="min-w-0 flex-1">
                  <span className="font-semibold text-fg">{award.name}</span>
                  {award.team ? <span className="text-muted"> · {award.team}</span> : null}
                  {award.prize.kind === 'cash' && award.amount !== award.prize.value ? (
                    <span className="font-semibold text-fg">
                      {' '}
                      · receives {formatPrize(award.prize, award.amount)}
                    </span>
                  ) : null}
                  <span className="block text-sm text-muted">{award.explanation}</span>
                </span>
              ) : hidden ? null : (
                <span className="text-muted">—</span>
              )}
            </li>
          );
        })}
        {category.awards
          .filter((award) => award.place > category.places.length)
          .map((award) => (
            <li key={`share-${award.name}`} className="flex flex-wrap items-baseline gap-x-3 py-2">
              <span className="w-10 font-bold text-fg">=</span>
              <span className="min-w-0 flex-1">
                <span className="font-semibold text-fg">{award.name}</span>
                {award.team ? <span className="text-muted"> · {award.team}</span> : null}
                <span className="font-semibold text-fg">
                  {' '}
                  · receives {formatPrize(award.prize, award.amount)}
                </span>
                <span className="block text-sm text-muted">{award.explanation}</span>
              </span>
            </li>
          ))}
      </ol>
      {category.hasNoEligible ? <p className="text-sm text-muted">{PRIZE_MESSAGES.noEligible}</p> : null}
      {category.tiedWithLast.length > 0 ? (
        <p className="text-sm text-muted">
          {PRIZE_MESSAGES.tiedWithLast}: {category.tiedWithLast.join(', ')}
        </p>
      ) : null}
    </Card>
  );
}

type Lists = Pick<PrizesView, 'brackets' | 'bestSchool'>;
const hasPrizes = (lists: Lists) => lists.brackets.length > 0 || lists.bestSchool !== null;

/** One group's lists (the event's, or a section's): each bracket's categories and the best school. */
function PrizeLists({ lists, hidden, forStaff }: { lists: Lists; hidden: boolean; forStaff: boolean }) {
  if (!hasPrizes(lists)) return <p className="text-muted">{PRIZE_MESSAGES.noPrizes}</p>;
  return (
    <>
      {lists.brackets.map((bracket) => (
        <section key={bracket.name} aria-label={bracket.name} className="flex flex-col gap-3">
          <h2 className="font-display text-2xl font-bold text-fg">{bracket.name}</h2>
          <p className="text-sm text-muted">
            One prize per player in this list, the most valuable open to them.{' '}
            {PRIZE_PRIORITY_LABELS[bracket.priority]}. Cash ties: {CASH_SHARING_LABELS[bracket.sharing]}.
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            {bracket.categories.map((category) => (
              <CategoryCard key={category.key} category={category} hidden={hidden} forStaff={forStaff} />
            ))}
          </div>
        </section>
      ))}
      {lists.bestSchool ? (
        <section aria-label={lists.bestSchool.name} className="flex flex-col gap-3">
          <h2 className="font-display text-2xl font-bold text-fg">{lists.bestSchool.name}</h2>
          <p className="text-sm text-muted">From the school standings: the best four pupils of each team.</p>
          <div className="grid gap-4 lg:grid-cols-2">
            <CategoryCard category={lists.bestSchool} hidden={hidden} forStaff={forStaff} />
          </div>
        </section>
      ) : null}
    </>
  );
}

/**
 * The prize list: each bracket's categories with their places, winners and why, and the best school; in an event
 * with sections (ADR 044), each section's lists under its name.
 */
export function PrizeList({ view, forStaff = false }: { view: PrizesView; forStaff?: boolean }) {
  const hidden = view.embargoed && !forStaff;
  const sections = view.sections ?? [];
  if (!hasPrizes(view) && !sections.some(hasPrizes))
    return <p className="text-muted">{PRIZE_MESSAGES.noPrizes}</p>;
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="font-semibold text-fg">
        {hidden ? PRIZE_MESSAGES.embargoed : view.isFinal ? PRIZE_MESSAGES.final : PRIZE_MESSAGES.provisional}
      </p>
      {sections.length === 0 ? (
        <PrizeLists lists={view} hidden={hidden} forStaff={forStaff} />
      ) : (
        <>
          <SectionNav sections={sections} />
          {sections.map((section) => (
            <SectionBlock key={section.slug} section={section}>
              <PrizeLists lists={section} hidden={hidden} forStaff={forStaff} />
            </SectionBlock>
          ))}
        </>
      )}
    </div>
  );
}
