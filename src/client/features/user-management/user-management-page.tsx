import { Crown, ShieldHalf, UserRound } from 'lucide-react';
import { may } from '../../../domain/access-rules';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../auth/queries';
import { InvitesPanel } from '../invites/invites-panel';
import { CustomRolesPanel } from './custom-roles-panel';
import { useUserCounts } from './queries';
import { UsersPanel } from './users-panel';

const countCards = [
  { key: 'player', label: 'Players', icon: UserRound },
  { key: 'admin', label: 'Admins', icon: ShieldHalf },
  { key: 'superadmin', label: 'Superadmins', icon: Crown },
] as const;

function UserCounts() {
  const { data } = useUserCounts();
  return (
    <section aria-label="Users by role">
      <ul className="grid grid-cols-3 gap-3">
        {countCards.map(({ key, label, icon: Icon }) => (
          <li
            key={key}
            className="flex min-w-0 flex-col gap-1 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5"
          >
            <Icon aria-hidden="true" className="size-6 text-primary sm:size-8" />
            <p className="flex min-w-0 flex-col">
              <span className="font-display text-2xl font-bold text-fg sm:text-3xl">
                {data ? data[key] : '–'}
              </span>
              <span className="truncate text-xs text-muted sm:text-sm">{label}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /admin/user-management (view_user_management): counts, users, custom roles. */
export function UserManagementPage() {
  const session = useSession();
  if (session.status !== 'signed-in') return <Spinner />;
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="User Management">
        Accounts, their roles and freezes, invitations, and the custom roles you can give.
      </AdminPageHeading>
      <UserCounts />
      <UsersPanel access={session.access} myId={session.me.user.id} />
      <InvitesPanel canInvite={may(session.access, 'createUsers')} />
      <CustomRolesPanel held={session.access.permissions} />
    </div>
  );
}
