import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert, CloudOff, Hourglass, ScanLine, Swords } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  RESULT_REPORT_MESSAGES,
  type ReportableBoard,
  type ReportResultResponse,
} from '../../../contracts/result-reports';
import { readBadgeScan } from '../../../domain/badges';
import {
  REPORTABLE_RESULTS,
  REPORTED_RESULT_LABELS,
  type ReportedResult,
} from '../../../domain/result-reports';
import { formatResult } from '../../../domain/scoring/results';
import { OutboxStatus } from '../../components/outbox-status';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../auth/queries';
import {
  REPORT_OUTBOX_KIND,
  type ReportSource,
  registerReportSender,
  useReportBoards,
  useSendReport,
} from './queries';

/** The badge read on this page, kept for the tab (a reload keeps it; closing the tab forgets it). */
const CREDENTIAL_KEY = 'report.credential';

function readStoredCredential(): string | null {
  try {
    return sessionStorage.getItem(CREDENTIAL_KEY);
  } catch {
    return null;
  }
}

function storeCredential(value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(CREDENTIAL_KEY);
    else sessionStorage.setItem(CREDENTIAL_KEY, value);
  } catch {
    // Private browsing without storage: the badge is asked for again after a reload.
  }
}

/** A badge's QR code opens this page with its token in the fragment (never sent to the server); read it once. */
function takeFragmentCredential(): string | null {
  const scan = readBadgeScan(window.location.hash);
  if (!scan || !('token' in scan)) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return scan.token;
}

/**
 * /report (issue #29, ADR 040): a pupil reports the result of their board from their own phone, with their
 * badge — its QR code (the phone's camera opens this page) or the code printed under it. Three large buttons,
 * then "Leave the pieces on the board until the result is confirmed". A school's badge lists its pupils' boards,
 * and so does the account of a signed-in teacher who registered the school.
 */
export function ReportPage() {
  const [credential, setCredential] = useState<string | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    const fromFragment = takeFragmentCredential();
    if (fromFragment) storeCredential(fromFragment);
    setCredential(fromFragment ?? readStoredCredential());
    registerReportSender(() => void queryClient.invalidateQueries({ queryKey: queryKeys.reportBoardsAll }));
    // A badge's link opened while the page is already open changes only the fragment: take it then too.
    const onHashChange = () => {
      const scanned = takeFragmentCredential();
      if (scanned === null) return;
      storeCredential(scanned);
      setCredential(scanned);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [queryClient]);

  const use = (value: string | null) => {
    storeCredential(value);
    setCredential(value);
  };
  // A signed-in teacher reports for their pupils with their account, unless they choose a badge.
  const session = useSession();
  const [prefersBadge, setPrefersBadge] = useState(false);
  const source: ReportSource | null =
    credential !== null
      ? { kind: 'badge', credential }
      : session.status === 'signed-in' && !prefersBadge
        ? { kind: 'account' }
        : null;

  return (
    <>
      <PageHeader eyebrow="Results" title="Report your result">
        {source?.kind === 'account'
          ? "Report your pupils' results as their games end: the other side confirms them."
          : "Scan the QR code on your badge with your phone's camera, or type the code printed under it."}
      </PageHeader>
      <Container className="max-w-xl py-8">
        {source === null && session.status === 'loading' ? (
          <div className="grid place-items-center py-10">
            <Spinner />
          </div>
        ) : source === null ? (
          <BadgeForm onBadge={use} />
        ) : (
          <Boards
            source={source}
            onForget={() => (source.kind === 'badge' ? use(null) : setPrefersBadge(true))}
            onNoAccountBoards={() => setPrefersBadge(true)}
          />
        )}
      </Container>
    </>
  );
}

function BadgeForm({ onBadge }: { onBadge: (credential: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('code') ?? '');
    if (readBadgeScan(text) === null) {
      setError('Type the 8 characters printed under the QR code on your badge, for example ABCD-EFGH.');
      return;
    }
    onBadge(text.trim());
  };
  return (
    <Card className="p-6">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Badge code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD-EFGH"
          error={error}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" size="lg">
          <ScanLine aria-hidden="true" className="size-5" />
          Find my board
        </Button>
      </form>
    </Card>
  );
}

function Boards({
  source,
  onForget,
  onNoAccountBoards,
}: {
  source: ReportSource;
  onForget: () => void;
  /** The account registered no school (a staff or player account): the page asks for a badge instead. */
  onNoAccountBoards: () => void;
}) {
  const boards = useReportBoards(source);
  // Only an account that speaks for no school asks for a badge instead (a badge always has a holder); a lost
  // connection can be tried again.
  const hasNoSchool = boards.data?.holder === null;
  useEffect(() => {
    if (hasNoSchool) onNoAccountBoards();
  }, [hasNoSchool, onNoAccountBoards]);
  if (boards.isPending || boards.data?.holder === null) {
    return (
      <div className="grid place-items-center py-10">
        <Spinner label="Finding your board…" />
      </div>
    );
  }
  if (boards.isError && source.kind === 'account') {
    return (
      <Notice icon={CircleAlert} title="Your pupils' boards could not be loaded" tone="error" role="alert">
        <p>{serverMessage(boards.error, 'Check the connection and try again.')}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void boards.refetch()}>
            Try again
          </Button>
          <Button variant="ghost" onClick={onForget}>
            Use a badge instead
          </Button>
        </div>
      </Notice>
    );
  }
  if (boards.isError) {
    return (
      <Notice icon={CircleAlert} title="We could not use this badge" tone="error" role="alert">
        <p>{serverMessage(boards.error, RESULT_REPORT_MESSAGES.unknownBadge)}</p>
        <Button className="mt-4" variant="secondary" onClick={onForget}>
          Use another badge
        </Button>
      </Notice>
    );
  }
  const { holder, boards: list, message } = boards.data;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          {holder.kind === 'teacher' ? 'Signed in as ' : 'Badge of '}
          <span className="font-semibold text-fg">{holder.name}</span>
          {holder.kind === 'player' ? '' : ", for your school's pupils"}
        </p>
        <Button variant="ghost" size="sm" onClick={onForget}>
          {holder.kind === 'teacher' ? 'Use a badge instead' : 'Not you? Use another badge'}
        </Button>
      </div>
      {message ? (
        <Notice icon={Hourglass} title={message} role="status" />
      ) : (
        list.map((board) => (
          <BoardCard
            key={board.matchId}
            board={board}
            credential={source.kind === 'badge' ? source.credential : null}
            mine={holder.kind === 'player' ? 'you' : 'your pupil'}
          />
        ))
      )}
      {/* A report kept offline and refused when sent (the arbiter set the result meanwhile) stays listed. */}
      <OutboxStatus kinds={[REPORT_OUTBOX_KIND]} />
    </div>
  );
}

const stateLines: Record<ReportableBoard['state'], string> = {
  waiting: 'Press the result when your game is over.',
  reported: RESULT_REPORT_MESSAGES.recorded,
  confirmed: RESULT_REPORT_MESSAGES.confirmed,
  disputed: RESULT_REPORT_MESSAGES.disputed,
  final: 'The result is recorded.',
};

function BoardCard({
  board,
  credential,
  mine,
}: {
  board: ReportableBoard;
  credential: string | null;
  mine: string;
}) {
  const send = useSendReport();
  const [answer, setAnswer] = useState<ReportResultResponse | 'kept' | null>(null);
  const isFinal = board.result !== null;
  const report = (result: ReportedResult) => {
    setAnswer(null);
    send.mutate(
      { credential, matchId: board.matchId, result },
      { onSuccess: (sent) => setAnswer(sent ?? 'kept') },
    );
  };
  // The board as read again (live) wins; the answer only bridges the moment before that read arrives.
  const state = board.state === 'waiting' && answer && answer !== 'kept' ? answer.board.state : board.state;
  // A kept report stays "saved on this phone" until the board, read again, shows it arrived.
  const isKept = answer === 'kept' && board.yourReport === null;
  return (
    <Card className="flex flex-col gap-5 p-5" aria-labelledby={`board-${board.matchId}`}>
      <h2
        id={`board-${board.matchId}`}
        className="flex items-center gap-2 font-display text-xl font-bold text-fg"
      >
        <Swords aria-hidden="true" className="size-5 text-primary" />
        Round {board.roundNumber} · Board {board.board}
      </h2>
      <dl className="grid gap-3">
        <Side colour="White" player={board.white} mine={board.sides.includes('white') ? mine : null} />
        <Side colour="Black" player={board.black} mine={board.sides.includes('black') ? mine : null} />
      </dl>
      {isFinal ? (
        <p className="flex items-center gap-2 text-lg font-semibold text-fg" role="status">
          <BadgeCheck aria-hidden="true" className="size-6 text-win" />
          Result: {formatResult(board.result)}
        </p>
      ) : (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-fg">The result (White first)</legend>
          <div className="grid grid-cols-3 gap-3">
            {REPORTABLE_RESULTS.map((result) => (
              <button
                key={result}
                type="button"
                onClick={() => report(result)}
                disabled={send.isPending}
                aria-pressed={board.yourReport === result}
                className="min-h-20 rounded-2xl border-2 border-line bg-surface font-display text-2xl font-bold text-fg shadow-sm transition-colors hover:border-primary aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-on-primary disabled:opacity-60"
              >
                {REPORTED_RESULT_LABELS[result]}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <div aria-live="polite" className="flex flex-col gap-2">
        {send.isError ? (
          <p className="font-medium text-loss" role="alert">
            {serverMessage(send.error, 'The report could not be sent. Try again.')}
          </p>
        ) : isKept ? (
          <p className="flex items-center gap-2 font-medium text-fg">
            <CloudOff aria-hidden="true" className="size-5" />
            Saved on this phone: it is sent when the connection is back.
          </p>
        ) : (
          <p className="text-fg">{stateLines[state]}</p>
        )}
        {!isFinal && (board.yourReport !== null || answer !== null) ? (
          <p className="rounded-xl bg-highlight/15 px-3 py-2 font-semibold text-fg">
            {RESULT_REPORT_MESSAGES.leavePieces}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

function Side({
  colour,
  player,
  mine,
}: {
  colour: 'White' | 'Black';
  player: ReportableBoard['white'];
  /** How the side this reporter speaks for is marked: "you" (their own) or "your pupil"; null for the other. */
  mine: string | null;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className={
          colour === 'White'
            ? 'size-6 shrink-0 rounded-full border-2 border-fg/40 bg-white'
            : 'size-6 shrink-0 rounded-full border-2 border-fg/40 bg-neutral-900'
        }
      />
      <div className="min-w-0">
        <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
          {colour}
          {mine ? ` · ${mine}` : ''}
        </dt>
        <dd className="truncate text-base font-semibold text-fg">
          {player.name}
          {player.schoolName ? <span className="font-normal text-muted"> · {player.schoolName}</span> : null}
        </dd>
      </div>
    </div>
  );
}
