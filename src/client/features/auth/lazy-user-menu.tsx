import { lazy, Suspense } from 'react';
import type { SessionState } from './access';

// Only signed-in users need the menu: its code loads with their first page, not with everyone's.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

type SignedIn = Extract<SessionState, { status: 'signed-in' }>;

/** The user menu, loaded on demand; a quiet placeholder of the button's size meanwhile. */
export function LazyUserMenu({ session }: { session: SignedIn }) {
  return (
    <Suspense
      fallback={<span aria-hidden="true" className="block h-11 w-14 rounded-xl border border-white/25" />}
    >
      <UserMenu session={session} />
    </Suspense>
  );
}
