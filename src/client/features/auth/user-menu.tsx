import {
  ChevronDown,
  ClipboardList,
  LayoutDashboard,
  ListChecks,
  LogOut,
  Settings,
  Trophy,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { cx } from '../../components/ui/cx';
import { notify } from '../../lib/notify';
import { adminHomeFor } from '../admin/admin-pages';
import { useNavigationLocked } from '../tutorial/tutorial-state';
import type { SessionState } from './access';
import { AUTH_MESSAGES } from './messages';
import { useSignOut } from './queries';
import { displayName, initialsOf, roleBadge, type UserMenuEntry, userMenuEntries } from './user-menu-items';

const icons: Record<UserMenuEntry['key'], typeof Settings> = {
  'account-settings': Settings,
  'my-registrations': ClipboardList,
  'player-dashboard': Trophy,
  crm: ListChecks,
  admin: LayoutDashboard,
};

type SignedIn = Extract<SessionState, { status: 'signed-in' }>;

/**
 * The signed-in user menu (docs/requirements.md §2 Layout): a disclosure button with the user's initials that opens a panel
 * with name, e-mail, role badge, the links the user may use and Sign Out. Escape, a click outside or a
 * navigation closes it.
 */
export function UserMenu({ session }: { session: SignedIn }) {
  const { me, access } = session;
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = displayName(me);
  const badge = roleBadge(access);
  // While the admin tutorial runs (but for its last step) the menu stays shut (docs/requirements.md §2 Layout).
  const isLocked = useNavigationLocked();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => setIsOpen(false), [location.key]);
  useEffect(() => {
    if (isLocked) setIsOpen(false);
  }, [isLocked]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        notify('success', AUTH_MESSAGES.loggedOut);
        navigate('/');
      },
      onError: () => notify('error', AUTH_MESSAGES.logoutFailed),
    });

  const itemClass =
    'flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left text-fg no-underline hover:bg-surface-muted';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-disabled={isLocked || undefined}
        onClick={() => {
          if (!isLocked) setIsOpen((open) => !open);
        }}
        className="flex min-h-11 items-center gap-2 rounded-xl border border-white/25 px-1.5 text-on-band hover:bg-white/10 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:pr-2.5"
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-lg bg-accent text-sm font-bold text-on-accent"
        >
          {initialsOf(me.user.name, me.user.email)}
        </span>
        {/* The accessible name reads 'Name (account menu)'. */}
        <span className="sr-only max-w-40 truncate text-sm font-semibold lg:not-sr-only">
          {name} <span className="sr-only">(account menu)</span>
        </span>
        <ChevronDown aria-hidden="true" className={cx('hidden size-4 sm:block', isOpen && 'rotate-180')} />
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute top-full right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-line bg-surface p-2 text-fg shadow-xl shadow-black/20"
      >
        <div className="flex items-center gap-3 border-b border-line px-3 pt-2 pb-3">
          <span
            aria-hidden="true"
            className="grid size-11 shrink-0 place-items-center rounded-xl bg-band font-bold text-highlight"
          >
            {initialsOf(me.user.name, me.user.email)}
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold">{name}</p>
            <p className="truncate text-sm text-muted">{me.user.email}</p>
            {badge ? (
              <Badge tone="accent" className="mt-1 capitalize">
                {badge}
              </Badge>
            ) : null}
          </div>
        </div>
        <nav aria-label="Account" className="py-1">
          <ul>
            {userMenuEntries(access, adminHomeFor(access)).map((entry) => {
              const Icon = icons[entry.key];
              return (
                <li key={entry.key}>
                  <Link to={entry.to} className={itemClass}>
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <span className="flex flex-col">
                      <span className="font-semibold">{entry.label}</span>
                      <span className="text-sm text-muted">{entry.description}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-line pt-1">
          <button type="button" onClick={onSignOut} disabled={signOut.isPending} className={itemClass}>
            <LogOut aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-loss" />
            <span className="font-semibold">Sign Out</span>
          </button>
        </div>
      </div>
    </div>
  );
}
