import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, GraduationCap } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type TutorialProgress, tutorialProgressSchema } from '../../../contracts/account';
import type { ResolvedAccess } from '../../../domain/permissions';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { setTutorialPhase } from './tutorial-state';
import { type TutorialStep, tutorialStepsFor } from './tutorial-steps';

type Outcome = 'completed' | 'skipped';

export const tutorialProgressQuery = queryOptions({
  queryKey: queryKeys.accountTutorial,
  queryFn: ({ signal }) => getJson('/api/account/tutorial', tutorialProgressSchema, signal),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { quiet: true },
});

/** docs/requirements.md §8: failures of tutorial progress go only to the console. */
function reportProgressFailure(error: unknown): void {
  console.error('Admin tutorial progress could not be saved or read', error);
}

/** The step-by-step card: Back, Next, Skip and, on the last step, Finish. */
export function TutorialOverlay({
  steps,
  onEnd,
}: {
  steps: readonly TutorialStep[];
  onEnd: (outcome: Outcome) => void;
}) {
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const textId = useId();
  const step = steps[index];
  const isLast = index === steps.length - 1;

  useEffect(() => {
    setTutorialPhase(isLast ? 'final-step' : 'running');
  }, [isLast]);
  useEffect(() => () => setTutorialPhase('idle'), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step is announced by moving focus to it
  useEffect(() => headingRef.current?.focus(), [index]);

  if (!step) return null;
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="fixed inset-x-3 top-20 z-50 rounded-2xl border border-line bg-surface p-5 text-fg shadow-2xl shadow-black/30 sm:right-6 sm:left-auto sm:w-96"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-widest text-accent-text">
          <GraduationCap aria-hidden="true" className="size-4" />
          Admin tutorial
        </p>
        <p className="text-sm text-muted">
          Step {index + 1} of {steps.length}
        </p>
      </div>
      <h2
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="mt-3 font-display text-xl font-bold focus:outline-none"
      >
        {step.title}
      </h2>
      <p id={textId} className="mt-2 text-muted">
        {step.text}
      </p>
      {isLast ? (
        <p className="mt-2 text-sm text-muted">
          Your menu works again now. You can open the Admin Area from it.
        </p>
      ) : null}
      <ol aria-hidden="true" className="mt-4 flex gap-1.5">
        {steps.map((candidate, position) => (
          <li
            key={candidate.key}
            className={cx('h-1.5 flex-1 rounded-full', position <= index ? 'bg-primary' : 'bg-surface-muted')}
          />
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-2">
        {isLast ? (
          <span />
        ) : (
          <Button variant="ghost" onClick={() => onEnd('skipped')}>
            Skip tutorial
          </Button>
        )}
        <div className="flex gap-2">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => setIndex(index - 1)}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Button>
          ) : null}
          {isLast ? (
            <Button onClick={() => onEnd('completed')}>
              <Check aria-hidden="true" className="size-4" />
              Finish
            </Button>
          ) : (
            <Button onClick={() => setIndex(index + 1)}>
              Next
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * The admin tutorial (docs/requirements.md §4): runs once for staff with no progress record; completing or skipping it is
 * stored, so it does not come back. Reading or saving the progress fails silently (console only).
 */
export function AdminTutorial({ access }: { access: ResolvedAccess }) {
  const queryClient = useQueryClient();
  const progress = useQuery(tutorialProgressQuery);
  const [hasEnded, setHasEnded] = useState(false);

  useEffect(() => {
    if (progress.error) reportProgressFailure(progress.error);
  }, [progress.error]);

  const onEnd = (outcome: Outcome) => {
    setHasEnded(true);
    queryClient.setQueryData<TutorialProgress>(queryKeys.accountTutorial, {
      status: outcome,
      completedAt: new Date().toISOString(),
    });
    sendJson('PUT', '/api/account/tutorial', { status: outcome }, tutorialProgressSchema).catch(
      reportProgressFailure,
    );
  };

  if (hasEnded || progress.data?.status !== 'not_started') return null;
  return <TutorialOverlay steps={tutorialStepsFor(access)} onEnd={onEnd} />;
}
