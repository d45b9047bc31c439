import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useTournament } from '../tournament/queries';
import './print.css';

const PRINT_VIEWS = [
  { to: '/print/pairings', label: 'Pairings' },
  { to: '/print/standings', label: 'Standings' },
  { to: '/print/board-cards', label: 'Board cards' },
  { to: '/print/badges', label: 'Badges' },
];

/**
 * A printable sheet: a toolbar for the screen (back, the other print views, Print) that never prints, then
 * the tournament's name and the sheet's title above the content, black on white.
 */
export function PrintFrame({
  title,
  subtitle,
  backTo = '/leaderboard',
  isHeadingPrinted = true,
  children,
}: {
  title: string;
  subtitle?: string;
  backTo?: string;
  /** False for sheets cut into cards or badges: the whole page is theirs. */
  isHeadingPrinted?: boolean;
  children: ReactNode;
}) {
  const { data } = useTournament();
  return (
    <>
      <div
        data-print-toolbar=""
        className="sticky top-0 z-10 border-b border-slate-300 bg-slate-100 print:hidden"
      >
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <Link
            to={backTo}
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-slate-900 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Link>
          <nav aria-label="Print views" className="flex flex-wrap gap-x-3 text-sm">
            {PRINT_VIEWS.map((view) => (
              <Link
                key={view.to}
                to={view.to}
                className="inline-block py-2 text-slate-700 underline-offset-2 hover:underline"
              >
                {view.label}
              </Link>
            ))}
          </nav>
          <Button className="ml-auto" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      </div>
      <div className="print-sheet mx-auto max-w-5xl px-4 py-6 sm:px-8">
        <header className={`mb-4 border-b-2 border-black pb-2 ${isHeadingPrinted ? '' : 'print:hidden'}`}>
          <p className="text-sm font-semibold uppercase tracking-wide">
            {data?.tournament?.name ?? 'Tournament'}
          </p>
          <h1 className="font-display text-2xl font-bold">{title}</h1>
          {subtitle ? <p className="text-sm">{subtitle}</p> : null}
        </header>
        {children}
      </div>
    </>
  );
}

/** Loading, error and empty states of a print sheet, in plain text (they are never printed as such). */
export function PrintMessage({ children }: { children: ReactNode }) {
  return <p className="py-10 text-center text-lg">{children}</p>;
}
