import { useQuery } from '@tanstack/react-query';
import { Check, Inbox, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { RosterRequest } from '../../../contracts/roster-changes';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { formatDateTime } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import { rosterRequestsQuery, useDecideRosterRequest } from './queries';

const FAILED = 'The decision could not be saved. Check your connection and try again.';
const LOAD_FAILED = 'The roster requests could not be loaded.';

/**
 * /admin/roster-requests (manageRounds; issue #30): teachers' roster changes asked after their lock — a
 * substitute once names are locked, a withdrawn pupil brought back after the teacher's own undo — each with
 * the teacher's reason. Accepting makes the change (every rule but the lock still applies); refusing needs a
 * word for the teacher. The teacher is e-mailed either way.
 */
export function RosterRequestsPage() {
  const requests = useQuery(rosterRequestsQuery);
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Roster Requests">
        Changes teachers asked for after their lock, with their reasons. Accept to make the change, or refuse
        with a note; the teacher is told by e-mail.
      </AdminPageHeading>
      <QueryView query={requests} errorTitle={LOAD_FAILED}>
        {(data) => (
          <>
            <section aria-labelledby="waiting-heading" className="flex flex-col gap-3">
              <h2 id="waiting-heading" className="font-display text-xl font-bold text-fg">
                Waiting ({data.pending.length})
              </h2>
              {data.pending.length === 0 ? (
                <p className="flex items-center gap-2 text-muted">
                  <Inbox aria-hidden="true" className="size-4" />
                  No request is waiting.
                </p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {data.pending.map((request) => (
                    <Waiting key={request.id} request={request} />
                  ))}
                </ul>
              )}
            </section>
            {data.decided.length > 0 ? (
              <section aria-labelledby="decided-heading" className="flex flex-col gap-3">
                <h2 id="decided-heading" className="font-display text-xl font-bold text-fg">
                  Decided
                </h2>
                <ul className="flex flex-col gap-2">
                  {data.decided.map((request) => (
                    <li key={request.id}>
                      <Card className="flex flex-col gap-1 text-sm">
                        <div className="flex flex-wrap items-center gap-2">
                          <Badge tone={request.status === 'accepted' ? 'win' : 'loss'}>
                            {request.status === 'accepted' ? 'Accepted' : 'Refused'}
                          </Badge>
                          <span className="font-semibold text-fg">{request.summary}</span>
                          <span className="text-muted">{request.schoolName}</span>
                        </div>
                        {request.decisionNote ? (
                          <p className="text-muted">Note: {request.decisionNote}</p>
                        ) : null}
                      </Card>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </QueryView>
    </div>
  );
}

function Waiting({ request }: { request: RosterRequest }) {
  const decide = useDecideRosterRequest();
  const [refusing, setRefusing] = useState(false);
  const [note, setNote] = useState('');
  const send = (decision: 'accept' | 'refuse') =>
    decide.mutate(
      { requestId: request.id, decision, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          setRefusing(false);
        },
        onError: (error) => notifyFailure(error, FAILED),
      },
    );
  const refuse = (event: FormEvent) => {
    event.preventDefault();
    send('refuse');
  };
  return (
    <li>
      <Card className="flex flex-col gap-3" role="group" aria-label={request.summary}>
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-muted">
            {request.schoolName} · {request.reference} · {formatDateTime(request.createdAt)}
          </p>
          <p className="font-semibold text-fg">{request.summary}</p>
          {request.pupilDetails ? <p className="text-sm text-muted">{request.pupilDetails}</p> : null}
          <p className="text-sm text-fg">Reason: {request.reason}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={decide.isPending} onClick={() => send('accept')}>
            <Check aria-hidden="true" className="size-4" />
            Accept
          </Button>
          <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => setRefusing(true)}>
            <X aria-hidden="true" className="size-4" />
            Refuse
          </Button>
        </div>
      </Card>
      <Dialog
        isOpen={refusing}
        onClose={() => setRefusing(false)}
        title="Refuse the request"
        description={`${request.summary} (${request.schoolName}). The teacher gets your note by e-mail.`}
      >
        <form onSubmit={refuse} className="flex flex-col gap-4">
          <TextareaField
            label="Note for the teacher"
            value={note}
            maxLength={500}
            required
            onChange={(event) => setNote(event.target.value)}
          />
          <DialogSubmitActions
            onCancel={() => setRefusing(false)}
            isPending={decide.isPending}
            pendingLabel="Refusing…"
            icon={X}
            variant="danger"
          >
            Refuse
          </DialogSubmitActions>
        </form>
      </Dialog>
    </li>
  );
}
