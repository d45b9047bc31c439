import { MailPlus, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { createInviteBodySchema } from '../../../contracts/invites';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { parseRoleChoice, roleLabel } from '../user-management/role-options';
import { RoleSelect } from '../user-management/role-select';
import { inviteState, sortInvites } from './invite-status';
import { useAdminInvites, useCreateInvite } from './queries';

const dateFormat = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', year: 'numeric' });

/** Invite by e-mail with a role: the invitee gets a single-use link valid for 7 days. */
export function InviteUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { errors, formRef, check } = useFieldErrors();
  const create = useCreateInvite();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { email = '', role = 'player' } = readForm(event.currentTarget);
    const invite = check(createInviteBodySchema, { email: email.trim(), ...parseRoleChoice(role) });
    if (!invite) return;
    create.mutate(invite, {
      onSuccess: ({ message }) => {
        notify('success', message);
        onClose();
      },
      onError: (error) => notifyFailure(error, 'Failed to send the invitation'),
    });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Invite a user"
      description="They get an e-mail with a link to choose their own password and join with this role. The link works once, for 7 days."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="E-mail address" name="email" type="email" autoComplete="off" error={errors.email} />
        <RoleSelect defaultValue="player" />
        <DialogSubmitActions
          onCancel={onClose}
          isPending={create.isPending}
          pendingLabel="Sending..."
          icon={Send}
        >
          Send invitation
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

/** User management's invitations: the Invite user action (with create_players) and the pending invitations. */
export function InvitesPanel({ canInvite }: { canInvite: boolean }) {
  const [isInviting, setIsInviting] = useState(false);
  const invites = useAdminInvites();
  const { data } = invites;
  const now = new Date();
  const pending = data ? sortInvites(data.invites, now).filter((i) => inviteState(i, now) === 'pending') : [];

  return (
    <section aria-labelledby="invites-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="invites-heading" className="font-display text-2xl font-bold text-fg">
            Invitations
          </h2>
          <p className="text-sm text-muted">People invited by e-mail who have not joined yet.</p>
        </div>
        {canInvite ? (
          <Button onClick={() => setIsInviting(true)}>
            <MailPlus aria-hidden="true" className="size-4" />
            Invite user
          </Button>
        ) : null}
      </div>
      <QueryView query={invites} errorTitle="Failed to load invitations">
        {() =>
          pending.length === 0 ? (
            <p role="status" className="rounded-2xl border border-dashed border-line p-4 text-sm text-muted">
              No pending invitations.
            </p>
          ) : (
            <ul
              aria-label="Pending invitations"
              className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm"
            >
              {pending.map((invite) => (
                <li
                  key={invite.id}
                  className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <p className="flex min-w-0 flex-wrap items-center gap-2 font-semibold text-fg">
                    <span className="truncate">{invite.email}</span>
                    <Badge tone={invite.role === 'player' && !invite.customRoleName ? 'neutral' : 'accent'}>
                      {roleLabel(invite)}
                    </Badge>
                  </p>
                  <p className="text-sm text-muted">
                    Sent {dateFormat.format(new Date(invite.createdAt))} · expires{' '}
                    {dateFormat.format(new Date(invite.expiresAt))}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {isInviting ? <InviteUserDialog isOpen onClose={() => setIsInviting(false)} /> : null}
    </section>
  );
}
