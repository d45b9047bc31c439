import { Ban, Banknote, Save, UsersRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type AdminRegistration,
  adminUpdateTeamsBodySchema,
  cancelRegistrationBodySchema,
  MANUAL_PAYMENT_METHODS,
  type ManualPaymentMethod,
  markPaidBodySchema,
  PAID_VIA_LABELS,
} from '../../../contracts/manage-registrations';
import { countOf } from '../../../domain/plural';
import { Button } from '../../components/ui/button';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { CheckboxField, TextareaField, TextField } from '../../components/ui/field';
import { readForm, useFieldErrors } from '../../lib/form';
import { formatCalendarDate, formatDateTime, formatEuroCents } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import { useCancelRegistration, useMarkPaid, useSaveTeams } from './queries';

type Team = AdminRegistration['teams'][number];
type Entry = Team['players'][number];

function entryDetails(entry: Entry): string {
  const age = entry.dateOfBirth
    ? `Born ${formatCalendarDate(entry.dateOfBirth)}`
    : entry.schoolYear
      ? entry.schoolYear
      : 'No age given';
  const declared = entry.guardianConsent
    ? `Guardian consent by ${entry.guardianConsent.by}${entry.guardianConsent.email ? ` (${entry.guardianConsent.email})` : ''}, declared ${formatDateTime(entry.guardianConsent.at)}, policy ${entry.guardianConsent.policyVersion}`
    : null;
  const confirmed = entry.guardianConfirmedAt
    ? `confirmed by the guardian ${formatDateTime(entry.guardianConfirmedAt)}`
    : entry.consentPending
      ? 'waiting for the guardian to confirm: not promoted until then'
      : null;
  const consent = [declared, confirmed].filter(Boolean).join('; ') || 'No guardian consent needed';
  return `${age} · ${consent}`;
}

/** A registration's teams and players with the consent records; names editable unless it is cancelled. */
export function TeamsDialog({
  registration,
  onClose,
}: {
  registration: AdminRegistration | null;
  onClose: () => void;
}) {
  const save = useSaveTeams();
  const [error, setError] = useState<string | null>(null);
  if (!registration) return null;
  const isReadOnly = registration.paymentStatus === 'cancelled';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = readForm(event.currentTarget);
    const body = {
      teams: registration.teams.map((team) => ({
        id: team.id,
        name: form[`team-${team.id}`] ?? team.name,
        players: team.players.map((player) => ({
          id: player.id,
          name: form[`player-${player.id}`] ?? player.name,
        })),
      })),
    };
    const parsed = adminUpdateTeamsBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the names');
      return;
    }
    setError(null);
    save.mutate(
      { id: registration.id, ...parsed.data },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (failure) => notifyFailure(failure, 'Failed to save the names'),
      },
    );
  };
  return (
    <Dialog
      isOpen
      size="lg"
      onClose={onClose}
      title={`${registration.reference} · ${registration.schoolName}`}
      description={
        isReadOnly
          ? 'This registration is cancelled: its names can no longer be changed.'
          : registration.promotedPlayerCount > 0
            ? 'Players already in the tournament are renamed there too.'
            : 'Staff can correct names at any time, also after the closing date.'
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-fg">Registrant</dt>
          <dd className="text-muted">
            {registration.registrantName} · {registration.registrantEmail}
            {registration.registrantPhone ? ` · ${registration.registrantPhone}` : ''}
          </dd>
          <dt className="font-semibold text-fg">Registered</dt>
          <dd className="text-muted">{formatDateTime(registration.createdAt)}</dd>
          {registration.paymentNote ? (
            <>
              <dt className="font-semibold text-fg">Staff notes</dt>
              <dd className="whitespace-pre-line text-muted">{registration.paymentNote}</dd>
            </>
          ) : null}
        </dl>
        {registration.teams.map((team) => (
          <fieldset key={team.id} className="rounded-xl border border-line p-4">
            <legend className="px-1 text-sm font-semibold text-muted">Team {team.position}</legend>
            <TextField
              label="Team name"
              name={`team-${team.id}`}
              defaultValue={team.name}
              readOnly={isReadOnly}
              maxLength={80}
              autoComplete="off"
              hint="Becomes the players' group in the tournament, e.g. St Kevin's A."
            />
            <ol className="mt-4 flex flex-col gap-3">
              {team.players.map((player) => (
                <li key={player.id}>
                  <TextField
                    label={`Board ${player.position}`}
                    name={`player-${player.id}`}
                    defaultValue={player.name}
                    readOnly={isReadOnly}
                    maxLength={120}
                    autoComplete="off"
                    hint={entryDetails(player)}
                  />
                </li>
              ))}
            </ol>
          </fieldset>
        ))}
        {error ? (
          <p role="alert" className="text-sm font-medium text-loss">
            {error}
          </p>
        ) : null}
        {isReadOnly ? (
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        ) : (
          <DialogSubmitActions
            onCancel={onClose}
            isPending={save.isPending}
            pendingLabel="Saving..."
            icon={Save}
          >
            Save names
          </DialogSubmitActions>
        )}
      </form>
    </Dialog>
  );
}

/** Records a cash or bank transfer payment with a note; the registrant gets the same receipt as for a card. */
export function MarkPaidDialog({
  registration,
  onClose,
}: {
  registration: AdminRegistration | null;
  onClose: () => void;
}) {
  const markPaid = useMarkPaid();
  const { errors, formRef, check } = useFieldErrors();
  const [via, setVia] = useState<ManualPaymentMethod>('bank_transfer');
  if (!registration) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = readForm(event.currentTarget);
    const body = check(markPaidBodySchema, { via, note: form.note ?? '' });
    if (!body) return;
    markPaid.mutate(
      { id: registration.id, ...body },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to mark the registration paid'),
      },
    );
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Mark ${registration.reference} paid`}
      description={`${registration.schoolName}: ${countOf(registration.teamCount, 'team')}, ${formatEuroCents(registration.amountCents)}. A receipt is e-mailed to ${registration.registrantEmail}.`}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-fg">Paid by</legend>
          <div className="grid grid-cols-2 gap-2">
            {MANUAL_PAYMENT_METHODS.map((method) => (
              <label
                key={method}
                className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-line px-3 text-sm font-semibold text-fg has-checked:border-primary has-checked:bg-win-bg"
              >
                <input
                  type="radio"
                  name="via"
                  value={method}
                  checked={via === method}
                  onChange={() => setVia(method)}
                  className="size-4 accent-(--c-primary)"
                />
                {PAID_VIA_LABELS[method]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextareaField
          label="Note"
          name="note"
          maxLength={500}
          hint="E.g. the bank transfer reference, or who took the cash and when."
          error={errors.note}
        />
        <DialogSubmitActions
          onCancel={onClose}
          isPending={markPaid.isPending}
          pendingLabel="Saving..."
          icon={Banknote}
        >
          Mark paid
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

/**
 * Cancels with a reason. A paid registration (or one whose payment is in progress) needs the extra
 * confirmation: any refund is made outside this site, and its payment details are kept for the books.
 */
export function CancelDialog({
  registration,
  onClose,
}: {
  registration: AdminRegistration | null;
  onClose: () => void;
}) {
  const cancel = useCancelRegistration();
  const { errors, formRef, check } = useFieldErrors();
  if (!registration) return null;
  const moneyInvolved = registration.paymentStatus === 'paid' || registration.paymentStatus === 'pending';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = readForm(event.currentTarget);
    const body = check(cancelRegistrationBodySchema, {
      reason: form.reason ?? '',
      ...(moneyInvolved ? { confirmPaid: form.confirmPaid === 'on' } : {}),
    });
    if (!body) return;
    cancel.mutate(
      { id: registration.id, ...body },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to cancel the registration'),
      },
    );
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Cancel ${registration.reference}?`}
      description={`${registration.schoolName}, ${countOf(registration.teamCount, 'team')}. It stays listed as cancelled and no longer counts in the totals.`}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextareaField label="Reason" name="reason" maxLength={500} error={errors.reason} />
        {registration.promotedPlayerCount > 0 ? (
          <p className="rounded-xl bg-draw-bg p-3 text-sm text-draw">
            <UsersRound aria-hidden="true" className="mr-1 inline size-4" />
            Its players are already in the tournament and stay there: withdraw them in Player Management if
            needed.
          </p>
        ) : null}
        {moneyInvolved ? (
          <CheckboxField
            name="confirmPaid"
            label={`This registration is ${registration.paymentStatus === 'paid' ? 'paid' : 'being paid'} (${formatEuroCents(registration.amountCents)}). I confirm the cancellation; any refund is made outside this site.`}
          />
        ) : null}
        <DialogSubmitActions
          onCancel={onClose}
          variant="danger"
          isPending={cancel.isPending}
          pendingLabel="Cancelling..."
          icon={Ban}
        >
          Cancel registration
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}
