import { Ban, Banknote, ClipboardList, UserCheck, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminRegistration,
  type ListRegistrationsResponse,
  PAID_VIA_LABELS,
  REGISTRATION_STATUS_FILTERS,
} from '../../../contracts/manage-registrations';
import type { RegistrationPaymentStatus } from '../../../contracts/registrations';
import { countOf, nounFor } from '../../../domain/plural';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogConfirmActions } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { SearchField, SearchForm } from '../../components/ui/search-field';
import { formatDateTime, formatEuroCents } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useAdminRegistrations, usePromote } from './queries';
import { CancelDialog, MarkPaidDialog, TeamsDialog } from './registration-dialogs';
import { RegistrationSettingsPanel } from './registration-settings-panel';

const SEARCH_DELAY_MS = 300;

export const STATUS_LABELS: Record<RegistrationPaymentStatus, string> = {
  unpaid: 'Unpaid',
  pending: 'Payment in progress',
  paid: 'Paid',
  cancelled: 'Cancelled',
};
const STATUS_TONES: Record<RegistrationPaymentStatus, BadgeTone> = {
  unpaid: 'draw',
  pending: 'accent',
  paid: 'win',
  cancelled: 'loss',
};

/** "Paid by card", "Paid by bank transfer". */
const paidVia = (via: string | null) =>
  `Paid by ${(PAID_VIA_LABELS[via ?? 'card'] ?? via ?? '').toLowerCase()}`;

type Action = { kind: 'teams' | 'paid' | 'cancel'; registration: AdminRegistration } | null;

function RegistrationRow({
  registration,
  isSelected,
  onSelect,
  onAction,
}: {
  registration: AdminRegistration;
  isSelected: boolean;
  onSelect: (selected: boolean) => void;
  onAction: (action: Action) => void;
}) {
  const status = registration.paymentStatus;
  const isCancelled = status === 'cancelled';
  const which = <span className="sr-only"> {registration.reference}</span>;
  const teams = countOf(registration.teamCount, 'team');
  return (
    <li className="flex gap-3 p-4" data-testid="registration-row" data-reference={registration.reference}>
      <label className="-m-2 flex size-11 shrink-0 cursor-pointer items-start justify-center p-2 has-disabled:cursor-not-allowed">
        <input
          type="checkbox"
          className="mt-1 size-5 accent-(--c-primary) disabled:opacity-40"
          checked={isSelected}
          disabled={isCancelled}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${registration.reference} (${registration.schoolName})`}
        />
      </label>
      <div className="flex min-w-0 flex-1 flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
            <span className="font-mono text-sm">{registration.reference}</span>
            <span className="min-w-0 break-words">{registration.schoolName}</span>
            <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>
            {registration.pendingConsentCount > 0 && !isCancelled ? (
              <Badge tone="draw">{registration.pendingConsentCount} awaiting consent</Badge>
            ) : null}
            {registration.promotedPlayerCount > 0 ? (
              <Badge>
                <UserCheck aria-hidden="true" className="size-3" />
                In tournament
              </Badge>
            ) : null}
          </p>
          <p className="text-sm text-muted">
            {teams} ·{' '}
            <span className="font-semibold text-fg">{formatEuroCents(registration.amountCents)}</span>
            {registration.paidAt
              ? ` · ${paidVia(registration.paidVia)} ${formatDateTime(registration.paidAt)}`
              : ''}
          </p>
          <p className="break-words text-sm text-muted">
            {registration.registrantName} · {registration.registrantEmail}
          </p>
          <p className="truncate text-xs text-muted">
            {registration.teams.map((team) => team.name).join(' · ')}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5 lg:justify-end">
          <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'teams', registration })}>
            <UsersRound aria-hidden="true" className="size-4" />
            {isCancelled ? 'View teams' : 'Teams'}
            {which}
          </Button>
          {status === 'unpaid' || status === 'pending' ? (
            <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'paid', registration })}>
              <Banknote aria-hidden="true" className="size-4" />
              Mark paid{which}
            </Button>
          ) : null}
          {isCancelled ? null : (
            <Button size="sm" variant="danger" onClick={() => onAction({ kind: 'cancel', registration })}>
              <Ban aria-hidden="true" className="size-4" />
              Cancel{which}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

function Totals({ totals }: { totals: ListRegistrationsResponse['totals'] }) {
  const items = [
    { label: 'Registrations', value: String(totals.registrations) },
    { label: 'Teams', value: String(totals.teams) },
    { label: 'Players', value: String(totals.players) },
    { label: 'Due', value: formatEuroCents(totals.dueCents) },
    { label: 'Paid', value: formatEuroCents(totals.paidCents) },
    { label: 'Outstanding', value: formatEuroCents(totals.outstandingCents) },
  ];
  return (
    <dl
      aria-label="Totals of the registrations shown"
      data-testid="registration-totals"
      className="grid grid-cols-3 gap-2 rounded-2xl border border-line bg-surface p-3 text-center shadow-sm sm:grid-cols-6"
    >
      {items.map((item) => (
        <div key={item.label} className="flex flex-col-reverse">
          <dt className="text-xs text-muted">{item.label}</dt>
          <dd className="font-display text-lg font-bold tabular-nums text-fg">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Confirms a promotion: the chosen registrations, or every paid one not yet promoted. */
function PromoteDialog({
  target,
  tournament,
  onClose,
  onDone,
}: {
  target: { ids: string[] | null; count: number } | null;
  tournament: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const promote = usePromote();
  if (!target) return null;
  const onConfirm = () =>
    promote.mutate(target.ids ? { registrationIds: target.ids } : {}, {
      onSuccess: ({ message, created, linked }) => {
        notify(created + linked > 0 ? 'success' : 'info', message);
        onDone();
      },
      onError: (error) => notifyFailure(error, 'Failed to promote the players'),
    });
  const what = target.ids
    ? `the ${target.count} selected ${nounFor(target.count, 'registration')}`
    : `all ${target.count} paid ${nounFor(target.count, 'registration')} not yet promoted`;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Promote players into the tournament?"
      description={`The players of ${what} join ${tournament}, each with their team name as group. Players already there are not added twice.`}
    >
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        isPending={promote.isPending}
        pendingLabel="Promoting..."
        icon={UserCheck}
      >
        Promote players
      </DialogConfirmActions>
    </Dialog>
  );
}

/** /admin/manage-registrations (view_registration_management). */
export function ManageRegistrationsPage() {
  const { draft, setDraft, search } = useDebouncedSearch(SEARCH_DELAY_MS);
  const [school, setSchool] = useState('');
  const [status, setStatus] = useState<string>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [action, setAction] = useState<Action>(null);
  const [promoting, setPromoting] = useState<{ ids: string[] | null; count: number } | null>(null);
  const registrations = useAdminRegistrations({ search, school, status });
  const { data } = registrations;

  // Only registrations still listed (and not cancelled) stay selected.
  const selectable = new Set(
    (data?.registrations ?? []).filter((r) => r.paymentStatus !== 'cancelled').map((r) => r.id),
  );
  const chosen = [...selected].filter((id) => selectable.has(id));
  const toggle = (id: string, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  const current = (registration: AdminRegistration) =>
    data?.registrations.find((candidate) => candidate.id === registration.id) ?? registration;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Registrations">
        School entries and their payments: correct names, record cash and bank transfers, cancel, and move the
        players into the tournament.
      </AdminPageHeading>

      <RegistrationSettingsPanel />

      <SearchForm className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div className="sm:col-span-2 lg:col-span-1">
          <SearchField
            label="Search school, reference, registrant or player"
            value={draft}
            onChange={setDraft}
          />
        </div>
        <SelectField label="School" value={school} onChange={(event) => setSchool(event.target.value)}>
          <option value="">All schools</option>
          {(data?.schools ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Payment" value={status} onChange={(event) => setStatus(event.target.value)}>
          {REGISTRATION_STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? 'All payment states' : STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </SearchForm>

      <QueryView query={registrations} errorTitle="Failed to load registrations">
        {(data) => (
          <section aria-labelledby="registrations-heading" className="flex flex-col gap-3">
            <h2 id="registrations-heading" className="sr-only">
              Registrations found
            </h2>
            <Totals totals={data.totals} />
            <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-muted p-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted">
                {data.activeTournament ? (
                  <>
                    Promoted players join{' '}
                    <span className="font-semibold text-fg">{data.activeTournament.name}</span>. See them in{' '}
                    <Link to="/admin/player-management" className="font-semibold text-link underline">
                      Player Management
                    </Link>
                    .
                  </>
                ) : (
                  'No tournament is active: activate one in Tournament Management to promote players.'
                )}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!data.activeTournament || chosen.length === 0}
                  onClick={() => setPromoting({ ids: chosen, count: chosen.length })}
                >
                  <UserCheck aria-hidden="true" className="size-4" />
                  Promote selected ({chosen.length})
                </Button>
                <Button
                  size="sm"
                  disabled={!data.activeTournament || data.promotableCount === 0}
                  onClick={() => setPromoting({ ids: null, count: data.promotableCount })}
                >
                  <UserCheck aria-hidden="true" className="size-4" />
                  Promote all paid ({data.promotableCount})
                </Button>
              </div>
            </div>
            {data.registrations.length === 0 ? (
              <Notice icon={ClipboardList} title="No registrations found" role="status">
                {search || school || status !== 'all'
                  ? 'Nothing matches the search and filters.'
                  : 'Registrations appear here as schools register.'}
              </Notice>
            ) : (
              <ul
                aria-label="Registrations"
                className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm"
              >
                {data.registrations.map((registration) => (
                  <RegistrationRow
                    key={registration.id}
                    registration={registration}
                    isSelected={selected.has(registration.id)}
                    onSelect={(isOn) => toggle(registration.id, isOn)}
                    onAction={setAction}
                  />
                ))}
              </ul>
            )}
          </section>
        )}
      </QueryView>

      {action?.kind === 'teams' ? (
        <TeamsDialog registration={current(action.registration)} onClose={() => setAction(null)} />
      ) : null}
      {action?.kind === 'paid' ? (
        <MarkPaidDialog registration={action.registration} onClose={() => setAction(null)} />
      ) : null}
      {action?.kind === 'cancel' ? (
        <CancelDialog registration={action.registration} onClose={() => setAction(null)} />
      ) : null}
      <PromoteDialog
        target={promoting}
        tournament={data?.activeTournament?.name ?? 'the tournament'}
        onClose={() => setPromoting(null)}
        onDone={() => {
          setPromoting(null);
          setSelected(new Set());
        }}
      />
    </div>
  );
}
