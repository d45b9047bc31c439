import { CircleCheck, ClipboardList, Smartphone, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type ArbiterQueueResponse,
  RESULT_REPORT_MESSAGES,
  type ResultReporting,
} from '../../../contracts/result-reports';
import { may } from '../../../domain/access-rules';
import { EVENT_TIME_ZONE } from '../../../domain/event-day';
import { countOf } from '../../../domain/plural';
import { REPORTED_RESULT_LABELS } from '../../../domain/result-reports';
import { COLOUR_LABELS, formatResult, MATCH_RESULTS } from '../../../domain/scoring/results';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { LoadError } from '../../components/load-error';
import { Badge } from '../../components/ui/badge';
import { Button, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SwitchField, TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { type TabItem, Tabs } from '../../components/ui/tabs';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSession } from '../auth/queries';
import { PaperMode } from './paper-mode';
import { useArbiterQueue, useReportingSettings, useSaveReportingSettings, useSettleBoard } from './queries';

type QueueRow = ArbiterQueueResponse['rows'][number];

type View = 'queue' | 'paper';
const VIEWS: TabItem<View>[] = [
  { key: 'queue', label: 'Needs an arbiter', icon: <Smartphone aria-hidden="true" className="size-4" /> },
  {
    key: 'paper',
    label: 'Validate from paper',
    icon: <ClipboardList aria-hidden="true" className="size-4" />,
  },
];

const REASONS: Record<QueueRow['reason'], { label: string; tone: 'loss' | 'draw' | 'neutral' }> = {
  disputed: { label: 'Reports differ', tone: 'loss' },
  'one-sided': { label: 'One side only', tone: 'draw' },
  'no-report': { label: 'Not reported', tone: 'neutral' },
};

const time = new Intl.DateTimeFormat('en-IE', { timeStyle: 'short', timeZone: EVENT_TIME_ZONE });

/**
 * /admin/result-reports (enterResults; ADR 040): the arbiter's queue of results reported from phones —
 * disagreements, one-sided reports past the timeout, boards nobody reported once most are done — each settled
 * with one tap; the "validate from paper" mode, keying every board from its score sheet; and (for round
 * management) the switch that lets players report.
 */
export function ResultReportsPage() {
  const session = useSession();
  const mayChange = session.status === 'signed-in' && may(session.access, 'manageRounds');
  const queue = useArbiterQueue();
  const [view, setView] = useState<View>('queue');
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Reported Results">
        Results players report from their phones. A board both sides report the same is recorded at once; the
        boards below need an arbiter.
      </AdminPageHeading>
      {mayChange ? <ReportingSettings /> : null}
      {queue.data && queue.data.lateCorrections.length > 0 ? (
        <LateCorrections corrections={queue.data.lateCorrections} />
      ) : null}
      <Tabs label="Reported results" tabs={VIEWS} selected={view} onSelect={setView}>
        {view === 'paper' ? (
          <PaperMode />
        ) : queue.isPending ? (
          <Spinner />
        ) : queue.isError ? (
          <LoadError error={queue.error} onRetry={() => void queue.refetch()} isRetrying={queue.isFetching} />
        ) : (
          <Queue data={queue.data} />
        )}
      </Tabs>
    </div>
  );
}

function ReportingSettings() {
  const settings = useReportingSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.isError) {
    return (
      <LoadError
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }
  // Drawn only once the stored settings are read, so Save never writes the defaults over them.
  return <ReportingSettingsForm initial={settings.data} />;
}

function ReportingSettingsForm({ initial }: { initial: ResultReporting }) {
  const save = useSaveReportingSettings();
  const [draft, setDraft] = useState({
    enabled: initial.enabled,
    captains_may_confirm: initial.captains_may_confirm,
    one_sided_minutes: String(initial.one_sided_minutes),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...draft, one_sided_minutes: Number(draft.one_sided_minutes) },
      { onSuccess: () => notify('success', RESULT_REPORT_MESSAGES.settingsSaved) },
    );
  };
  return (
    <Card className="p-5">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <h2 className="font-display text-lg font-bold text-fg">Reporting from phones</h2>
        <SwitchField
          label="Players report results from their phones"
          description="With their badge, for their own board in the round being played. Off: only staff enter results."
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
        />
        <SwitchField
          label="Captains and teachers may report for their pupils"
          description="The school's badge, or the account that registered the school, then stands for its pupils' side. One badge never confirms a board alone."
          checked={draft.captains_may_confirm}
          onChange={(event) => setDraft({ ...draft, captains_may_confirm: event.target.checked })}
        />
        <TextField
          label="Minutes before a one-sided report comes here"
          type="number"
          inputMode="numeric"
          min={1}
          max={120}
          className="max-w-xs"
          value={draft.one_sided_minutes}
          onChange={(event) => setDraft({ ...draft, one_sided_minutes: event.target.value })}
          error={save.isError ? serverMessage(save.error, 'The settings could not be saved') : null}
        />
        <div>
          <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
            Save
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

/** Results changed in a completed round after the next round was paired: that round's pairings used the old score. */
function LateCorrections({ corrections }: { corrections: ArbiterQueueResponse['lateCorrections'] }) {
  return (
    <Notice
      icon={TriangleAlert}
      title="Results changed after the next round was paired"
      tone="error"
      role="alert"
    >
      <p>The pairings of the round after each were made with the old score: the chief arbiter checks them.</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {corrections.map((correction) => (
          <li key={`${correction.at}-${correction.roundNumber}-${correction.board}`} className="break-words">
            {time.format(new Date(correction.at))}: {correction.description}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

function Queue({ data }: { data: ArbiterQueueResponse }) {
  if (data.roundNumber === null) {
    return <Notice icon={Smartphone} title="No round is being played" role="status" />;
  }
  return (
    <section aria-labelledby="queue-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="queue-heading" className="font-display text-lg font-bold text-fg">
          Round {data.roundNumber}
        </h2>
        <p className="text-sm text-muted" role="status">
          {data.counts.withResult} of {countOf(data.counts.boards, 'board')} have a result;{' '}
          {countOf(data.counts.reported, 'board')} reported and waiting.
          {data.reportingOn ? '' : ' Reporting from phones is off.'}
        </p>
      </div>
      {data.rows.length === 0 ? (
        <Notice icon={CircleCheck} title="Nothing waits for an arbiter" role="status">
          Every reported board so far agrees or is waiting for its other side.
        </Notice>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.rows.map((row) => (
            <QueueItem key={row.matchId} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QueueItem({ row }: { row: QueueRow }) {
  const settle = useSettleBoard();
  const reason = REASONS[row.reason];
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-fg">
            Board {row.board}: {row.white.name} – {row.black.name}
          </h3>
          <Badge tone={reason.tone}>{reason.label}</Badge>
        </div>
        {row.claims.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm text-fg">
            {row.claims.map((claim) => (
              <li key={`${claim.at}-${claim.side}-${claim.reporter}`} className="break-words">
                <span className="font-semibold">{COLOUR_LABELS[claim.side]}</span> side:{' '}
                {REPORTED_RESULT_LABELS[claim.result]} by {claim.reporter}
                {claim.by === 'player' ? '' : ` (${claim.by})`} at {time.format(new Date(claim.at))}
                {claim.device ? <span className="text-muted"> · {claim.device.slice(0, 60)}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Set the result of board {row.board}</legend>
          {MATCH_RESULTS.map((result) => (
            <Button
              key={result}
              size="sm"
              variant="secondary"
              disabled={settle.isPending}
              onClick={() => settle.mutate({ matchId: row.matchId, version: row.version, result })}
            >
              {formatResult(result)}
            </Button>
          ))}
        </fieldset>
        {settle.isError ? (
          <p className="text-sm font-medium text-loss" role="alert">
            {serverMessage(settle.error, 'The result could not be set')}
          </p>
        ) : null}
      </Card>
    </li>
  );
}
