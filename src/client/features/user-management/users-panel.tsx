import {
  LockKeyhole,
  LockKeyholeOpen,
  Snowflake,
  Sun,
  Trash2,
  UserCog,
  UserPlus,
  UsersRound,
} from 'lucide-react';
import { useState } from 'react';
import type { SignInLock, UserSummary } from '../../../contracts/users';
import { may as mayAct } from '../../../domain/access-rules';
import type { ResolvedAccess } from '../../../domain/permissions';
import { countOf } from '../../../domain/plural';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { SearchField, SearchForm } from '../../components/ui/search-field';
import { notify, notifyFailure } from '../../lib/notify';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useLiftSignInLock, useSignInLocks, useUnfreezeUser, useUsers } from './queries';
import { roleLabel } from './role-options';
import { ChangeRoleDialog, CreateUserDialog, DeleteUserDialog, FreezeUserDialog } from './user-dialogs';

const SEARCH_DELAY_MS = 300;
const dateFormat = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-IE', { hour: '2-digit', minute: '2-digit' });

type Action = { kind: 'role' | 'freeze' | 'delete'; user: UserSummary } | null;

function UserActions({
  user,
  lock,
  may,
  onAction,
}: {
  user: UserSummary;
  lock: SignInLock | undefined;
  may: { freeze: boolean; delete: boolean };
  onAction: (action: Action) => void;
}) {
  const unfreeze = useUnfreezeUser();
  const liftLock = useLiftSignInLock();
  const who = <span className="sr-only"> {user.email}</span>;
  return (
    <div className="flex flex-wrap gap-1.5 md:justify-end">
      {lock ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={liftLock.isPending}
          onClick={() =>
            liftLock.mutate(user.id, {
              onSuccess: ({ message }) => notify('success', message, { description: user.email }),
              onError: (error) => notifyFailure(error, 'Failed to lift the sign-in lock'),
            })
          }
        >
          <LockKeyholeOpen aria-hidden="true" className="size-4" />
          Lift lock{who}
        </Button>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'role', user })}>
        <UserCog aria-hidden="true" className="size-4" />
        Change role{who}
      </Button>
      {may.freeze && user.isFrozen ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={unfreeze.isPending}
          onClick={() =>
            unfreeze.mutate(user.id, {
              onSuccess: ({ message }) => notify('success', message, { description: user.email }),
              onError: (error) => notifyFailure(error, 'Failed to unfreeze the account'),
            })
          }
        >
          <Sun aria-hidden="true" className="size-4" />
          Unfreeze{who}
        </Button>
      ) : null}
      {may.freeze && !user.isFrozen ? (
        <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'freeze', user })}>
          <Snowflake aria-hidden="true" className="size-4" />
          Freeze{who}
        </Button>
      ) : null}
      {may.delete ? (
        <Button size="sm" variant="danger" onClick={() => onAction({ kind: 'delete', user })}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete{who}
        </Button>
      ) : null}
    </div>
  );
}

/** The list of users with search, and what may be done to each (only what the server would allow). */
export function UsersPanel({ access, myId }: { access: ResolvedAccess; myId: string }) {
  const { draft, setDraft, search } = useDebouncedSearch(SEARCH_DELAY_MS);
  const [action, setAction] = useState<Action>(null);
  const [isCreating, setIsCreating] = useState(false);
  const users = useUsers(search);
  const locks = new Map((useSignInLocks().data?.locks ?? []).map((lock) => [lock.userId, lock]));

  const may = {
    create: mayAct(access, 'createUsers'),
    freeze: mayAct(access, 'freezeUsers'),
    delete: mayAct(access, 'deleteUsers'),
  };
  const close = () => setAction(null);

  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="users-heading" className="font-display text-2xl font-bold text-fg">
          Users
        </h2>
        {may.create ? (
          <Button onClick={() => setIsCreating(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            Create user
          </Button>
        ) : null}
      </div>
      <SearchForm className="max-w-md">
        <SearchField label="Search by name or e-mail" value={draft} onChange={setDraft} />
      </SearchForm>

      <QueryView query={users} errorTitle="Failed to load users">
        {(data) =>
          data.users.length === 0 ? (
            <Notice icon={UsersRound} title="No users found" role="status">
              {search ? `Nobody's name or e-mail contains “${search}”.` : null}
            </Notice>
          ) : (
            <>
              <p role="status" className="text-sm text-muted">
                {countOf(data.users.length, 'user')}
                {search ? ` matching “${search}”` : ''}
              </p>
              <ul
                aria-label="Users"
                className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm"
              >
                {data.users.map((user) => {
                  const lock = locks.get(user.id);
                  return (
                    <li
                      key={user.id}
                      className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                          <span className="truncate">{user.name || 'User'}</span>
                          <Badge tone={user.role === 'player' && !user.customRoleName ? 'neutral' : 'accent'}>
                            {roleLabel(user)}
                          </Badge>
                          {user.isFrozen ? (
                            <Badge tone="loss">
                              <Snowflake aria-hidden="true" className="size-3" />
                              Frozen
                            </Badge>
                          ) : null}
                          {lock ? (
                            <Badge tone="loss">
                              <LockKeyhole aria-hidden="true" className="size-3" />
                              Locked until {timeFormat.format(new Date(lock.lockedUntil))}
                            </Badge>
                          ) : null}
                          {user.id === myId ? <Badge tone="win">You</Badge> : null}
                        </p>
                        <p className="truncate text-sm text-muted">{user.email}</p>
                        <p className="text-xs text-muted">
                          Joined {dateFormat.format(new Date(user.createdAt))}
                          {user.isFrozen && user.frozenReason ? ` · Frozen: ${user.frozenReason}` : ''}
                          {lock && lock.failures > 0 ? ` · ${lock.failures} failed sign-ins` : ''}
                          {lock && lock.lockedDevices > 0
                            ? ` · ${lock.lockedDevices} known device${lock.lockedDevices === 1 ? '' : 's'} locked`
                            : ''}
                        </p>
                      </div>
                      {user.id === myId ? null : (
                        <UserActions user={user} lock={lock} may={may} onAction={setAction} />
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )
        }
      </QueryView>

      {isCreating ? <CreateUserDialog isOpen onClose={() => setIsCreating(false)} /> : null}
      <ChangeRoleDialog user={action?.kind === 'role' ? action.user : null} onClose={close} />
      <FreezeUserDialog
        key={action?.kind === 'freeze' ? action.user.id : 'closed'}
        user={action?.kind === 'freeze' ? action.user : null}
        onClose={close}
      />
      <DeleteUserDialog user={action?.kind === 'delete' ? action.user : null} onClose={close} />
    </section>
  );
}
