import { ArrowLeft, Mail, Phone, UserRound } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CRM_MESSAGES, type CrmSchool } from '../../../contracts/crm';
import { formatEuro } from '../../../domain/registration';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { serverMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { MessageSchoolsButton } from './message-dialog';
import { useAddSchoolNote, useCrmSchool } from './queries';
import { TaskCard } from './task-card';
import { ActivityList, CommentThread, staffNameOf, TaskDialog } from './task-dialog';

const PAYMENT_BADGES: Record<
  CrmSchool['registrations'][number]['paymentStatus'],
  { label: string; tone: BadgeTone }
> = {
  paid: { label: 'Paid', tone: 'win' },
  pending: { label: 'Pending', tone: 'draw' },
  unpaid: { label: 'Unpaid', tone: 'loss' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};
const CONSENT_BADGES: Record<
  CrmSchool['teams'][number]['pupils'][number]['consent'],
  { label: string; tone: BadgeTone }
> = {
  confirmed: { label: 'Consent confirmed', tone: 'win' },
  waiting: { label: 'Waiting for consent', tone: 'loss' },
  not_needed: { label: 'No consent needed', tone: 'neutral' },
};

function SectionTitle({ children }: { children: React.ReactNode }) {
  return <h2 className="mb-3 font-display text-xl font-bold text-fg">{children}</h2>;
}

function Contacts({ school }: { school: CrmSchool }) {
  const { teacherName, teacherEmail, teacherPhone } = school.contacts;
  return (
    <Card>
      <SectionTitle>Contacts</SectionTitle>
      <dl className="flex flex-col gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt className="flex items-center gap-1.5 text-muted">
            <UserRound aria-hidden="true" className="size-4" />
            Teacher in charge
          </dt>
          <dd className="font-semibold text-fg">{teacherName ?? '–'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="flex items-center gap-1.5 text-muted">
            <Mail aria-hidden="true" className="size-4" />
            E-mail
          </dt>
          <dd className="min-w-0 break-words">
            {teacherEmail ? (
              <a href={`mailto:${teacherEmail}`} className="text-link">
                {teacherEmail}
              </a>
            ) : (
              '–'
            )}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="flex items-center gap-1.5 text-muted">
            <Phone aria-hidden="true" className="size-4" />
            Phone
          </dt>
          <dd>
            {teacherPhone ? (
              <a href={`tel:${teacherPhone}`} className="text-link">
                {teacherPhone}
              </a>
            ) : (
              '–'
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function Registrations({ school }: { school: CrmSchool }) {
  return (
    <Card>
      <SectionTitle>Registrations and payments</SectionTitle>
      {school.registrations.length === 0 ? (
        <p className="text-sm text-muted">No registration yet.</p>
      ) : (
        <div className="-mx-2 overflow-x-auto">
          <table className="w-full min-w-[34rem] text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-2 py-2">
                  Reference
                </th>
                <th scope="col" className="px-2 py-2">
                  Registered by
                </th>
                <th scope="col" className="px-2 py-2">
                  Teams
                </th>
                <th scope="col" className="px-2 py-2">
                  Amount
                </th>
                <th scope="col" className="px-2 py-2">
                  Payment
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {school.registrations.map((registration) => (
                <tr key={registration.id}>
                  <td className="px-2 py-2 font-mono text-xs">{registration.reference}</td>
                  <td className="px-2 py-2">
                    <span className="block">{registration.registrantName}</span>
                    <span className="block text-xs text-muted">{registration.registrantEmail}</span>
                  </td>
                  <td className="px-2 py-2 tabular-nums">{registration.teamCount}</td>
                  <td className="px-2 py-2 tabular-nums">{formatEuro(registration.amountCents)}</td>
                  <td className="px-2 py-2">
                    <Badge tone={PAYMENT_BADGES[registration.paymentStatus].tone}>
                      {PAYMENT_BADGES[registration.paymentStatus].label}
                    </Badge>
                    {registration.paidAt ? (
                      <span className="block text-xs text-muted">{formatDateTime(registration.paidAt)}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Teams({ school }: { school: CrmSchool }) {
  return (
    <Card>
      <SectionTitle>Teams and pupils</SectionTitle>
      {school.teams.length === 0 ? (
        <p className="text-sm text-muted">No team yet.</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {school.teams.map((team) => (
            <section key={team.name} aria-label={team.name}>
              <h3 className="mb-1 font-semibold text-fg">{team.name}</h3>
              <ul className="flex flex-col divide-y divide-line text-sm">
                {team.pupils.map((pupil) => (
                  <li key={pupil.name} className="flex flex-wrap items-center justify-between gap-1 py-1.5">
                    <span>
                      {pupil.name}
                      {pupil.isMinor ? <span className="text-xs text-muted"> (under 18)</span> : null}
                    </span>
                    <span className="flex flex-wrap gap-1">
                      <Badge tone={CONSENT_BADGES[pupil.consent].tone}>
                        {CONSENT_BADGES[pupil.consent].label}
                      </Badge>
                      <Badge tone={pupil.checkedIn ? 'win' : 'neutral'}>
                        {pupil.checkedIn ? 'Checked in' : 'Not checked in'}
                      </Badge>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}

function SchoolView({ school }: { school: CrmSchool }) {
  const [params, setParams] = useSearchParams();
  const staffName = useMemo(() => staffNameOf(school.staff), [school.staff]);
  const addNote = useAddSchoolNote(school.id);
  const taskParam = Number(params.get('task'));
  const openTaskId = Number.isInteger(taskParam) && taskParam > 0 ? taskParam : null;
  const setTask = (id: number | null) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (id === null) next.delete('task');
      else next.set('task', String(id));
      return next;
    });
  return (
    <>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Contacts school={school} />
        <Registrations school={school} />
      </div>
      <Teams school={school} />
      <section aria-labelledby="school-tasks">
        <h2 id="school-tasks" className="mb-3 font-display text-xl font-bold text-fg">
          Tasks
        </h2>
        {school.tasks.length === 0 ? (
          <p className="text-sm text-muted">No task yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {school.tasks.map((task) => (
              <li key={task.id}>
                <TaskCard task={task} staffName={staffName} onOpen={(open) => setTask(open.id)} showState />
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Card>
          <CommentThread
            title="Notes"
            fieldLabel="New note"
            items={school.notes}
            isPending={addNote.isPending}
            onAdd={(body, done) =>
              addNote.mutate(body, {
                onSuccess: () => {
                  notify('success', CRM_MESSAGES.noteAdded, { id: 'crm-note' });
                  done();
                },
                onError: (error) =>
                  notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), { id: 'crm-note' }),
              })
            }
          />
        </Card>
        <Card>
          <ActivityList activity={school.activity} showTask />
        </Card>
      </div>
      <TaskDialog
        taskId={openTaskId}
        title={school.tasks.find((task) => task.id === openTaskId)?.title ?? null}
        staff={school.staff}
        onClose={() => setTask(null)}
      />
    </>
  );
}

/** /crm/teams/:id (crm_access): one school's contacts, money, teams and pupils, tasks, notes and history. */
export function CrmSchoolPage() {
  const { id = '' } = useParams();
  const school = useCrmSchool(id);
  return (
    <div className="flex flex-col gap-5">
      <Link to="/crm" className="inline-flex items-center gap-1 self-start text-sm text-link">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Overview
      </Link>
      <QueryView query={school} errorTitle={CRM_MESSAGES.schoolNotFound} keepDataOnError>
        {(data) => (
          <>
            <AdminPageHeading eyebrow="Team Tasks" title={data.name} />
            <div>
              <MessageSchoolsButton
                schools={[{ id: data.id, name: data.name }]}
                label="Message this school"
              />
              {data.contacts.teacherEmail ? null : (
                <p className="mt-1 text-sm text-muted">
                  No teacher e-mail address on record: a message would skip this school.
                </p>
              )}
            </div>
            <SchoolView school={data} />
          </>
        )}
      </QueryView>
    </div>
  );
}
