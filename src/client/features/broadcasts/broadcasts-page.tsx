import { CircleStop, Megaphone, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  BROADCAST_AUDIENCE_LABELS,
  BROADCAST_AUDIENCES,
  BROADCAST_MESSAGE_MAX,
  BROADCAST_MESSAGES,
  BROADCAST_STYLE_LABELS,
  BROADCAST_STYLES,
  type BroadcastHistoryItem,
} from '../../../contracts/broadcasts';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogConfirmActions } from '../../components/ui/dialog';
import { CheckboxField, ChoiceField, TextareaField, TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { type FieldErrors, focusFirstInvalid } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { localInputToOffsetIso, toLocalInput } from '../../lib/local-time';
import { notify } from '../../lib/notify';
import {
  type BroadcastDraft,
  canEnd,
  deliveryText,
  draftToBody,
  emptyDraft,
  isDelivering,
  QUICK_ENDS,
  quickEnd,
  startOf,
} from './broadcast-form';
import { NoticeBanner } from './notice-banner';
import { DELIVERY_REFRESH_MS, useBroadcastHistory, useEndBroadcast, useSendBroadcast } from './queries';

const STATE_BADGES: Record<BroadcastHistoryItem['state'], { label: string; tone: BadgeTone }> = {
  scheduled: { label: 'Scheduled', tone: 'draw' },
  on: { label: 'On', tone: 'win' },
  ended: { label: 'Ended', tone: 'neutral' },
};

/** "15 Mar 2025, 10:30 (Irish time)" for a `datetime-local` value on this device, to check what was typed. */
function irishHint(value: string): string | null {
  const iso = localInputToOffsetIso(value);
  return iso ? `${formatDateTime(iso)} Irish time` : null;
}

function BroadcastForm() {
  const send = useSendBroadcast();
  const [draft, setDraft] = useState<BroadcastDraft>(() => emptyDraft(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof BroadcastDraft>(key: K, value: BroadcastDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key === 'start' ? 'startsAt' : key === 'end' ? 'endsAt' : key]: _, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const now = Date.now();
    const result = draftToBody(draft, now);
    setErrors(result.errors ?? {});
    if (!result.body) {
      focusFirstInvalid(form);
      return;
    }
    const startsAt = result.body.startsAt ?? null;
    const isScheduled = startsAt !== null && Date.parse(startsAt) > now;
    send.mutate(result.body, {
      onSuccess: () => {
        notify('success', isScheduled ? BROADCAST_MESSAGES.scheduled : BROADCAST_MESSAGES.sent, {
          id: 'broadcast-sent',
        });
        setDraft(emptyDraft(new Date()));
      },
      onError: (error) => {
        notify('error', BROADCAST_MESSAGES.sendFailed, {
          id: 'broadcast-sent',
          description: serverMessage(error, '') || undefined,
        });
        if (error instanceof ApiRequestError && error.issues.length > 0) {
          setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path || 'form', issue.message])));
          focusFirstInvalid(form);
        }
      },
    });
  };

  const startHint = draft.start ? irishHint(draft.start) : 'Left empty, it starts as soon as it is sent.';
  const endHint = irishHint(draft.end);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="flex flex-col gap-4">
        <TextareaField
          label="Message"
          name="message"
          rows={4}
          maxLength={BROADCAST_MESSAGE_MAX}
          value={draft.message}
          onChange={(event) => set('message', event.target.value)}
          placeholder="Round 4 is delayed by 15 minutes"
          hint={
            <span data-testid="broadcast-counter">
              {`${draft.message.length} / ${BROADCAST_MESSAGE_MAX} characters`}
            </span>
          }
          error={errors.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Audience"
            name="audience"
            value={draft.audience}
            choices={BROADCAST_AUDIENCES}
            labels={BROADCAST_AUDIENCE_LABELS}
            onChange={(audience) => set('audience', audience)}
            error={errors.audience}
          />
          <ChoiceField
            label="Style"
            name="style"
            value={draft.style}
            choices={BROADCAST_STYLES}
            labels={BROADCAST_STYLE_LABELS}
            onChange={(style) => set('style', style)}
            error={errors.style}
          />
          <TextField
            label="Starts (optional)"
            name="startsAt"
            type="datetime-local"
            value={draft.start}
            onChange={(event) => set('start', event.target.value)}
            hint={startHint}
            error={errors.startsAt}
          />
          <div className="flex flex-col gap-2">
            <TextField
              label="Ends"
              name="endsAt"
              type="datetime-local"
              value={draft.end}
              onChange={(event) => set('end', event.target.value)}
              hint={endHint}
              error={errors.endsAt}
            />
            <fieldset className="flex flex-wrap items-center gap-1.5">
              <legend className="sr-only">Quick end times</legend>
              <span aria-hidden="true" className="text-sm text-muted">
                Ends in:
              </span>
              {QUICK_ENDS.map((choice) => (
                <Button
                  key={choice.value}
                  size="sm"
                  variant="secondary"
                  onClick={() => set('end', toLocalInput(quickEnd(choice.value, startOf(draft, Date.now()))))}
                >
                  {choice.label}
                </Button>
              ))}
            </fieldset>
          </div>
        </div>
        <div className="flex flex-col">
          <CheckboxField
            label="Visitors may close it (it stays closed in their browser)"
            name="dismissable"
            checked={draft.dismissable}
            onChange={(event) => set('dismissable', event.target.checked)}
          />
          <CheckboxField
            label="Also send it by e-mail to the audience"
            name="sendEmail"
            checked={draft.sendEmail}
            onChange={(event) => set('sendEmail', event.target.checked)}
          />
        </div>
        <div>
          <SubmitButton isPending={send.isPending} pendingLabel="Sending…" size="lg">
            <Send aria-hidden="true" className="size-4" />
            Send broadcast
          </SubmitButton>
        </div>
      </div>
      <section aria-label="Preview" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">Preview</h3>
        <p className="text-sm text-muted">As it shows at the foot of every page for its audience.</p>
        <div className="overflow-hidden rounded-xl border border-line" data-testid="broadcast-preview">
          <NoticeBanner
            message={draft.message.trim() || 'Your message appears here.'}
            style={draft.style}
            live={false}
            isPreview
            onDismiss={draft.dismissable ? () => {} : undefined}
          />
          <div className="h-16 bg-page" />
        </div>
      </section>
    </form>
  );
}

function DeliveryCell({ email }: { email: BroadcastHistoryItem['email'] }) {
  if (email === null) return <span className="text-muted">–</span>;
  const done = email.sent + email.failed;
  const percent = email.total === 0 ? 100 : Math.round((done / email.total) * 100);
  return (
    <div className="flex min-w-28 flex-col gap-1">
      <span className="whitespace-nowrap">{deliveryText(email)}</span>
      {isDelivering({ email }) ? (
        <div
          role="progressbar"
          aria-label="E-mails sent"
          aria-valuemin={0}
          aria-valuemax={email.total}
          aria-valuenow={done}
          aria-valuetext={`${deliveryText(email)} sent`}
          className="h-2 w-full overflow-hidden rounded-full border border-line bg-surface-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </div>
  );
}

function HistoryTable({
  broadcasts,
  onEnd,
}: {
  broadcasts: BroadcastHistoryItem[];
  onEnd: (item: BroadcastHistoryItem) => void;
}) {
  if (broadcasts.length === 0) {
    return <Notice icon={Megaphone} title="No broadcasts yet" role="status" />;
  }
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Broadcasts, newest first</caption>
        <thead className="border-b border-line bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Message
            </th>
            <th scope="col" className="px-3 py-2">
              Audience
            </th>
            <th scope="col" className="px-3 py-2">
              Style
            </th>
            <th scope="col" className="px-3 py-2">
              State
            </th>
            <th scope="col" className="px-3 py-2">
              Start / end
            </th>
            <th scope="col" className="px-3 py-2">
              Sent by
            </th>
            <th scope="col" className="px-3 py-2">
              E-mail
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {broadcasts.map((item) => {
            const state = STATE_BADGES[item.state];
            return (
              <tr key={item.id} data-broadcast-id={item.id} className="align-top">
                <td className="max-w-xs px-3 py-2 whitespace-pre-line break-words text-fg">{item.message}</td>
                <td className="px-3 py-2 text-fg">{BROADCAST_AUDIENCE_LABELS[item.audience]}</td>
                <td className="px-3 py-2 text-fg">{BROADCAST_STYLE_LABELS[item.style]}</td>
                <td className="px-3 py-2">
                  <Badge tone={state.tone}>{state.label}</Badge>
                  {item.endedEarlyAt ? <span className="block text-xs text-muted">ended early</span> : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-fg">
                  <time dateTime={item.startsAt}>{formatDateTime(item.startsAt)}</time>
                  <br />
                  <span className="text-muted">to </span>
                  <time dateTime={item.endedEarlyAt ?? item.endsAt}>
                    {formatDateTime(item.endedEarlyAt ?? item.endsAt)}
                  </time>
                </td>
                <td className="px-3 py-2 text-fg">
                  {item.createdBy ?? '–'}
                  <span className="block text-xs text-muted">
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  </span>
                </td>
                <td className="px-3 py-2 text-fg">
                  <DeliveryCell email={item.email} />
                </td>
                <td className="px-3 py-2 text-right">
                  {canEnd(item) ? (
                    <Button size="sm" variant="danger" onClick={() => onEnd(item)}>
                      <CircleStop aria-hidden="true" className="size-4" />
                      End now
                      <span className="sr-only">: {item.message}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function EndDialog({ item, onClose }: { item: BroadcastHistoryItem | null; onClose: () => void }) {
  const end = useEndBroadcast();
  return (
    <Dialog
      isOpen={item !== null}
      onClose={onClose}
      title="End this broadcast now?"
      description={item ? `“${item.message}” disappears from every page at once.` : undefined}
    >
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={() => {
          if (!item) return;
          end.mutate(item.id, {
            onSuccess: () => {
              notify('success', BROADCAST_MESSAGES.ended, { id: `broadcast-end-${item.id}` });
              onClose();
            },
            onError: (error) => {
              notify('error', serverMessage(error, BROADCAST_MESSAGES.endFailed), {
                id: `broadcast-end-${item.id}`,
              });
              onClose();
            },
          });
        }}
        isPending={end.isPending}
        pendingLabel="Ending…"
        icon={CircleStop}
        variant="danger"
      >
        End now
      </DialogConfirmActions>
    </Dialog>
  );
}

/**
 * /admin/broadcasts (`view_superadmin_dashboard`): a short message to everyone with a page open, shown within a
 * second and optionally e-mailed, and the history with each one's e-mail delivery.
 */
/** A select over a closed list of choices, each shown by its label. */

export function BroadcastsPage() {
  const history = useBroadcastHistory();
  const [ending, setEnding] = useState<BroadcastHistoryItem | null>(null);
  const formHeading = useId();
  const historyHeading = useId();
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="Broadcasts">
        A short message shown at the foot of every open page within a second, and e-mailed if you wish. The
        form takes this device's time; the history shows Irish time.
      </AdminPageHeading>
      <section aria-labelledby={formHeading} className="flex flex-col gap-3">
        <h2 id={formHeading} className="font-display text-2xl font-bold text-fg">
          New broadcast
        </h2>
        <Card>
          <BroadcastForm />
        </Card>
      </section>
      <section aria-labelledby={historyHeading} className="flex flex-col gap-3">
        <h2 id={historyHeading} className="font-display text-2xl font-bold text-fg">
          History
        </h2>
        {history.data?.broadcasts.some(isDelivering) ? (
          <p className="text-sm text-muted">
            E-mails are going out: the delivery figures refresh every {DELIVERY_REFRESH_MS / 1000} seconds.
          </p>
        ) : null}
        <QueryView query={history} errorTitle={BROADCAST_MESSAGES.loadFailed} keepDataOnError>
          {(data) => <HistoryTable broadcasts={data.broadcasts} onEnd={setEnding} />}
        </QueryView>
      </section>
      <EndDialog item={ending} onClose={() => setEnding(null)} />
    </div>
  );
}
