import { House } from 'lucide-react';
import { Link } from 'react-router';
import { may } from '../../../domain/access-rules';
import { canSeeAdminArea } from '../../../domain/permissions';
import { Container } from '../../components/ui/container';
import { LazyUserMenu } from '../auth/lazy-user-menu';
import { useSession } from '../auth/queries';
import { SafeControlChips } from '../safe-control/site-status';
import { Brand } from './brand';

/**
 * The signed-in frame's top bar (instead of the public header and footer): brand, back to the site, user menu;
 * for staff, a chip per safe-control switch that is on.
 */
export function AppBar() {
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-band text-on-band shadow-lg shadow-black/10">
      <Container className="flex h-16 items-center justify-between gap-3">
        <Brand />
        <div className="flex items-center gap-2">
          <Link
            to="/"
            className="hidden min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-on-band no-underline hover:bg-white/10 sm:inline-flex"
          >
            <House aria-hidden="true" className="size-4" />
            Tournament site
          </Link>
          {session.status === 'signed-in' ? <LazyUserMenu session={session} /> : null}
        </div>
      </Container>
      {session.status === 'signed-in' && canSeeAdminArea(session.access) ? (
        <SafeControlChips canManage={may(session.access, 'superadminDashboard')} />
      ) : null}
    </header>
  );
}
