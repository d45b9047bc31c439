import { ArrowRight, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../auth/queries';
import { displayName, roleBadge } from '../auth/user-menu-items';
import { adminPagesFor } from './admin-pages';

const tileClass =
  'flex h-full items-start justify-between gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm';

/** /admin/welcome: who you are, and the admin pages your permissions open (built ones linked). */
export function AdminWelcomePage() {
  const session = useSession();
  if (session.status !== 'signed-in') return <Spinner />;
  const { me, access } = session;
  const badge = roleBadge(access);
  // The pages that work today first, then those still being built.
  const pages = adminPagesFor(access)
    .filter((page) => page.path !== 'welcome')
    .sort((a, b) => Number(b.isAvailable) - Number(a.isAvailable));

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading
        title={<>Welcome, {displayName(me)}</>}
        descriptionClassName="flex flex-wrap items-center gap-2"
      >
        Signed in as {me.user.email}
        {badge ? (
          <Badge tone="accent" className="capitalize">
            {badge}
          </Badge>
        ) : null}
      </AdminPageHeading>

      <section aria-labelledby="can-do">
        <h2 id="can-do" className="mb-1 font-display text-2xl font-bold text-fg">
          What you can do
        </h2>
        <p className="mb-4 text-muted">
          {`Your role gives you ${access.permissions.size === 1 ? '1 permission' : `${access.permissions.size} permissions`}. These are the admin pages they open.`}
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {pages.map((page) => (
            <li key={page.path}>
              {page.isAvailable ? (
                <Link
                  to={`/admin/${page.path}`}
                  className={`${tileClass} text-fg no-underline hover:border-primary`}
                >
                  <span>
                    <span className="block font-semibold">{page.label}</span>
                    <span className="block text-sm text-muted">{page.purpose}</span>
                  </span>
                  <ArrowRight aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                </Link>
              ) : (
                <div className={tileClass}>
                  <span>
                    <span className="block font-semibold text-fg">{page.label}</span>
                    <span className="block text-sm text-muted">{page.purpose}</span>
                  </span>
                  <Badge>
                    <Hourglass aria-hidden="true" className="size-3" />
                    Coming soon
                  </Badge>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
