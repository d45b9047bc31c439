import { Power, PowerOff, ShieldAlert, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  isSwitchOn,
  SAFE_BANNER_MAX,
  SAFE_CONTROL_MESSAGES,
  SAFE_REASON_MAX,
  SAFE_SWITCH_INFO,
  SAFE_SWITCHES,
  type SafeControlState,
  type SafeSwitch,
  type SafeSwitchChange,
  type SafeSwitchState,
  safeSwitchChangeSchema,
  type UnfinishedRestore,
} from '../../../contracts/safe-control';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextareaField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { readForm, useFieldErrors } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { localInputToOffsetIso } from '../../lib/local-time';
import { notify } from '../../lib/notify';
import { useChangeSafeSwitch, useDismissUnfinishedRestore, useSafeControl } from './queries';

/** A switch's automatic end is compared with this clock, ticking every so often. */
const NOW_TICK_MS = 15_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "by Ana Superadmin on 15 Mar 2025, 10:30", from what is known. */
function changedLine(state: SafeSwitchState): string | null {
  if (!state.changedAt && !state.changedBy) return null;
  const who = state.changedBy ? ` by ${state.changedBy}` : '';
  const when = state.changedAt ? ` on ${formatDateTime(state.changedAt)}` : '';
  return `${who}${when}`.trim();
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold uppercase tracking-wide text-warn">{label}</dt>
      <dd className="break-words text-sm text-fg">{children}</dd>
    </div>
  );
}

/** One switch: what it does, whether it is on (and why, until when, by whom), and the switch itself. */
function SwitchCard({
  name,
  state,
  now,
  onToggle,
}: {
  name: SafeSwitch;
  state: SafeSwitchState;
  now: number;
  onToggle: (name: SafeSwitch, on: boolean) => void;
}) {
  const info = SAFE_SWITCH_INFO[name];
  const headingId = useId();
  const effectId = useId();
  const isOn = isSwitchOn(state, now);
  const changed = changedLine(state);
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`safe-switch-${name}`}
      data-state={isOn ? 'on' : 'off'}
      className={cx(
        'flex min-w-0 flex-col gap-3 rounded-2xl border bg-surface p-5 shadow-sm shadow-black/5',
        isOn ? 'border-warn border-2' : 'border-line',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="font-display text-xl font-bold text-fg">
            {info.label}
          </h2>
          <p id={effectId} className="text-sm text-muted">
            {info.effect}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isOn}
          aria-labelledby={headingId}
          aria-describedby={effectId}
          onClick={() => onToggle(name, !isOn)}
          className="group inline-flex min-h-11 shrink-0 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-fg hover:bg-surface-muted"
        >
          <span
            aria-hidden="true"
            className={cx('relative h-6 w-11 rounded-full transition-colors', isOn ? 'bg-warn' : 'bg-muted')}
          >
            <span
              className={cx(
                'absolute top-0.5 left-0.5 size-5 rounded-full shadow transition-transform',
                isOn ? 'translate-x-5 bg-warn-bg' : 'bg-white',
              )}
            />
          </span>
          <span aria-hidden="true" className="w-7 text-left">
            {isOn ? 'On' : 'Off'}
          </span>
        </button>
      </div>
      {isOn ? (
        <dl className="flex flex-col gap-2 rounded-xl bg-warn-bg p-3">
          <Detail label="Reason">{state.reason || '–'}</Detail>
          <Detail label="Banner">
            {state.banner || info.defaultBanner || 'No banner'}
            {!state.banner && info.defaultBanner ? <em> (default)</em> : null}
          </Detail>
          <Detail label="Ends">
            {state.endsAt ? (
              <time dateTime={state.endsAt}>{formatDateTime(state.endsAt)}</time>
            ) : (
              'Stays on until switched off'
            )}
          </Detail>
          {changed ? <Detail label="Switched on">{changed}</Detail> : null}
        </dl>
      ) : changed ? (
        <p className="text-sm text-muted">
          <Badge>Off</Badge> Last changed {changed}
          {state.reason ? `: ${state.reason}` : ''}
        </p>
      ) : null}
    </section>
  );
}

/** The dialog that switches one on (reason, banner, optional end) or off (reason). */
function SwitchDialog({
  target,
  onClose,
}: {
  target: { name: SafeSwitch; on: boolean } | null;
  onClose: () => void;
}) {
  const change = useChangeSafeSwitch();
  const { errors, formRef, check, showError } = useFieldErrors();
  const [endsText, setEndsText] = useState('');
  const info = target ? SAFE_SWITCH_INFO[target.name] : null;
  const endsAt = localInputToOffsetIso(endsText);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target || !info) return;
    const { reason = '', banner = '' } = readForm(event.currentTarget);
    const body: SafeSwitchChange = target.on
      ? { on: true, reason, banner, endsAt: endsAt ?? null }
      : { on: false, reason, banner: '', endsAt: null };
    if (target.on && endsAt === undefined) {
      showError('endsAt', 'Choose a date and a time');
      return;
    }
    const data = check(safeSwitchChangeSchema, body);
    if (!data) return;
    if (data.endsAt && Date.parse(data.endsAt) <= Date.now()) {
      showError('endsAt', SAFE_CONTROL_MESSAGES.endsInPast);
      return;
    }
    change.mutate(
      { name: target.name, change: data },
      {
        onSuccess: () => {
          notify(
            'success',
            target.on
              ? SAFE_CONTROL_MESSAGES.switchedOn(info.label)
              : SAFE_CONTROL_MESSAGES.switchedOff(info.label),
            { id: `safe-control-${target.name}` },
          );
          setEndsText('');
          onClose();
        },
        onError: (error) =>
          notify('error', SAFE_CONTROL_MESSAGES.updateFailed, {
            id: `safe-control-${target.name}`,
            description: serverMessage(error, '') || undefined,
          }),
      },
    );
  };

  const endsHint =
    endsAt === null
      ? 'Optional. Left empty, it stays on until switched off.'
      : endsAt === undefined
        ? 'Choose a date and a time.'
        : `Switches itself off at ${formatDateTime(endsAt)} (Irish time).`;

  return (
    <Dialog
      isOpen={target !== null}
      onClose={() => {
        setEndsText('');
        onClose();
      }}
      title={info && target ? `Switch ${target.on ? 'on' : 'off'}: ${info.label}` : 'Switch'}
      description={info?.effect}
    >
      {target && info ? (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextareaField
            label="Reason"
            name="reason"
            required
            maxLength={SAFE_REASON_MAX}
            hint="For the audit trail; only staff see it."
            error={errors.reason}
          />
          {target.on ? (
            <>
              <TextareaField
                label="Banner text"
                name="banner"
                maxLength={SAFE_BANNER_MAX}
                placeholder={info.defaultBanner}
                hint={
                  info.defaultBanner
                    ? 'Shown to everyone on every page. Left empty, the text shown in the field is used.'
                    : 'Shown to everyone on every page. Left empty, no banner is shown.'
                }
                error={errors.banner}
              />
              <TextField
                label="Ends automatically at (optional)"
                name="endsAt"
                type="datetime-local"
                value={endsText}
                onChange={(event) => setEndsText(event.target.value)}
                hint={endsHint}
                error={errors.endsAt}
              />
            </>
          ) : null}
          <DialogSubmitActions
            onCancel={() => {
              setEndsText('');
              onClose();
            }}
            icon={target.on ? Power : PowerOff}
            variant={target.on ? 'danger' : 'primary'}
            isPending={change.isPending}
            pendingLabel={target.on ? 'Switching on…' : 'Switching off…'}
          >
            {target.on ? 'Switch on' : 'Switch off'}
          </DialogSubmitActions>
        </form>
      ) : null}
    </Dialog>
  );
}

/**
 * A restore the server stopped in the middle of (ADR 025): read-only was switched back at the next start; the
 * notice stays until a superadmin has checked the data and dismisses it.
 */
export function UnfinishedRestoreNotice({ notice }: { notice: UnfinishedRestore }) {
  const dismiss = useDismissUnfinishedRestore();
  const headingId = useId();
  return (
    <section
      role="alert"
      aria-labelledby={headingId}
      data-testid="unfinished-restore"
      className="flex flex-col gap-3 rounded-2xl border-2 border-loss bg-loss-bg p-5 text-loss"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-display text-xl font-bold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {SAFE_CONTROL_MESSAGES.unfinishedRestoreTitle}
      </h2>
      <p className="text-sm">{SAFE_CONTROL_MESSAGES.unfinishedRestore}</p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-semibold">What was running</dt>
        <dd className="break-words">{notice.reason}</dd>
        <dt className="font-semibold">Started</dt>
        <dd>
          <time dateTime={notice.startedAt}>{formatDateTime(notice.startedAt)}</time>
        </dd>
        <dt className="font-semibold">Read-only switched back</dt>
        <dd>
          <time dateTime={notice.clearedAt}>{formatDateTime(notice.clearedAt)}</time>
        </dd>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/backups" className="text-sm text-link underline">
          Backups and rollback points
        </Link>
        <Button
          variant="danger"
          size="sm"
          disabled={dismiss.isPending}
          onClick={() =>
            dismiss.mutate(undefined, {
              onSuccess: () =>
                notify('success', SAFE_CONTROL_MESSAGES.unfinishedRestoreDismissed, {
                  id: 'unfinished-restore',
                }),
              onError: (error) =>
                notify('error', SAFE_CONTROL_MESSAGES.unfinishedRestoreDismissFailed, {
                  id: 'unfinished-restore',
                  description: serverMessage(error, '') || undefined,
                }),
            })
          }
        >
          {SAFE_CONTROL_MESSAGES.unfinishedRestoreDismiss}
        </Button>
      </div>
    </section>
  );
}

function SwitchCards({
  switches,
  onToggle,
}: {
  switches: SafeControlState;
  onToggle: (name: SafeSwitch, on: boolean) => void;
}) {
  const now = useNow(NOW_TICK_MS);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {SAFE_SWITCHES.map((name) => (
        <SwitchCard key={name} name={name} state={switches[name]} now={now} onToggle={onToggle} />
      ))}
    </div>
  );
}

/**
 * /admin/safe-control (`view_superadmin_dashboard`): the emergency switches of an incident on the day. Each
 * change asks for a reason (audited); one switched on shows its banner to everyone and may end by itself.
 */
export function SafeControlPage() {
  const query = useSafeControl();
  const [target, setTarget] = useState<{ name: SafeSwitch; on: boolean } | null>(null);

  useEffect(() => {
    if (query.isError) notify('error', SAFE_CONTROL_MESSAGES.loadFailed, { id: 'safe-control-load' });
  }, [query.isError]);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Safe Control">
        Emergency switches for an incident on the day. Each change asks for a reason and is logged; every open
        page follows it within a second. Times are Irish time.
      </AdminPageHeading>
      <p className="flex items-start gap-2 rounded-xl bg-surface-muted p-3 text-sm text-fg">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
        The switches are independent: turn on only what the incident needs. Signing in keeps working.
      </p>
      <QueryView query={query} errorTitle={SAFE_CONTROL_MESSAGES.loadFailed} keepDataOnError>
        {(data) => (
          <div className="flex flex-col gap-6">
            {data.unfinishedRestore ? <UnfinishedRestoreNotice notice={data.unfinishedRestore} /> : null}
            <SwitchCards switches={data.switches} onToggle={(name, on) => setTarget({ name, on })} />
          </div>
        )}
      </QueryView>
      <SwitchDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
