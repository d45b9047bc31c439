import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { withdrawConsent } from '../../lib/cookie-consent';
import { Brand } from './brand';
import { CONTACT_HREF } from './nav-items';
import { ThemePicker } from './theme-picker';

const columns = [
  {
    title: 'Tournament',
    links: [
      { label: 'Leaderboard', to: '/leaderboard' },
      { label: 'Player Lookup', to: '/player-lookup' },
      { label: '2025 Tournament', to: '/important-information' },
      { label: 'How the day works', to: '/how-the-day-works' },
    ],
  },
  {
    title: 'Taking part',
    links: [
      { label: 'Register a team', to: '/registration' },
      { label: 'Registration guide', to: '/registration-guide' },
      { label: 'Contact Us', to: CONTACT_HREF },
    ],
  },
  {
    title: 'About this site',
    links: [
      { label: 'Site navigation', to: '/site-navigation' },
      { label: 'Terms and Conditions', to: '/privacy#terms' },
      { label: 'Privacy Policy', to: '/privacy#privacy-policy' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="chess-pattern mt-auto bg-band text-on-band">
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-12 sm:grid-cols-3 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 flex flex-col gap-4 sm:col-span-3 lg:col-span-1">
          <Brand />
          <p className="max-w-xs text-sm text-on-band-muted">
            A friendly, rated Swiss tournament for school teams of four. Run by volunteers, for pupils.
          </p>
          <ThemePicker />
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-widest text-highlight">
              {column.title}
            </h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-on-band-muted hover:text-on-band hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-2 py-5 text-xs text-on-band-muted sm:flex-row sm:justify-between">
          <p>© {new Date().getFullYear()} Schools Chess Tournament. Fees are paid in euro.</p>
          <p>
            Terms and Conditions effective 16/06/2025.{' '}
            <button type="button" onClick={withdrawConsent} className="ml-2 underline hover:text-on-band">
              Cookie settings
            </button>
          </p>
        </Container>
      </div>
    </footer>
  );
}
