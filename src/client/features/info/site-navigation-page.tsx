import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';

const groups = [
  {
    title: 'Follow the tournament',
    pages: [
      {
        to: '/',
        label: 'Home',
        text: 'Live progress, the current round, leading players and announcements.',
      },
      {
        to: '/leaderboard',
        label: 'Leaderboard',
        text: 'Player and school standings, plus all boards of the current round.',
      },
      {
        to: '/player-lookup',
        label: 'Player Lookup',
        text: "Find a player's board, colour, opponent and results.",
      },
      {
        to: '/prizes',
        label: 'Prizes',
        text: 'Every prize on offer and who is winning it, with how ties are shared.',
      },
    ],
  },
  {
    title: 'Take part',
    pages: [
      { to: '/registration', label: 'Register', text: 'Whether registration is open and what a team costs.' },
      {
        to: '/registration-guide',
        label: 'Registration guide',
        text: 'Step by step: accounts, teams and payment.',
      },
      {
        to: '/important-information',
        label: '2025 Tournament',
        text: 'Venue, schedule, rules and what to bring.',
      },
      {
        to: '/how-the-day-works',
        label: 'How the day works',
        text: 'Rounds, results and byes, withdrawals, late entries and where to wait.',
      },
      { to: '/login', label: 'Sign In / Register', text: 'Staff and player accounts.' },
    ],
  },
  {
    title: 'Help and policies',
    pages: [
      { to: '/#about-us', label: 'About us', text: 'Who runs the tournament and how it works.' },
      {
        to: '/#how-to-register',
        label: 'How to register',
        text: 'The short version, with frequently asked questions.',
      },
      { to: '/#contact-us', label: 'Contact Us', text: 'E-mail the organisers.' },
      { to: '/privacy', label: 'Terms and Privacy', text: 'Terms and conditions and our privacy policy.' },
    ],
  },
];

export function SiteNavigationPage() {
  return (
    <>
      <PageHeader eyebrow="Site map" title="Site Navigation">
        Every page of this site, and what you will find there.
      </PageHeader>
      <Container className="grid gap-10 py-10 sm:py-14 lg:grid-cols-3">
        {groups.map((group, index) => (
          <section key={group.title} aria-labelledby={`site-map-${index}`}>
            <h2 id={`site-map-${index}`} className="mb-4 font-display text-xl font-bold text-fg">
              {group.title}
            </h2>
            <ul className="flex flex-col gap-3">
              {group.pages.map((page) => (
                <li key={page.to}>
                  <Link
                    to={page.to}
                    className="group flex items-start justify-between gap-3 rounded-2xl border border-line bg-surface p-4 no-underline shadow-sm transition-shadow hover:shadow-md"
                  >
                    <span>
                      <span className="block font-semibold text-link">{page.label}</span>
                      <span className="text-sm text-muted">{page.text}</span>
                    </span>
                    <ArrowRight
                      aria-hidden="true"
                      className="mt-1 size-4 shrink-0 text-muted group-hover:text-link"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Container>
    </>
  );
}
