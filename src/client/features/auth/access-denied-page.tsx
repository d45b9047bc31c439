import { ArrowLeft, ShieldX } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ACCESS_MESSAGES } from './messages';

/** docs/requirements.md §8: the Access Denied page, with a Go back link (to the previous page, or home after a direct visit). */
export function AccessDeniedPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hasHistory) return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <div className="flex flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-6 grid size-16 place-items-center rounded-full bg-loss-bg text-loss">
        <ShieldX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-display text-3xl font-bold text-fg">Access Denied</h1>
      <p className="mt-3 max-w-md text-muted">{ACCESS_MESSAGES.accessDeniedPage}</p>
      <Link to="/" onClick={goBack} className={buttonClasses('secondary', 'lg', 'mt-8')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Go back
      </Link>
    </div>
  );
}
