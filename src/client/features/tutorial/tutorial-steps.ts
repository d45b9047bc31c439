import { type AccessName, may } from '../../../domain/access-rules';
import type { ResolvedAccess } from '../../../domain/permissions';
import { adminPage } from '../admin/admin-pages';

export interface TutorialStep {
  key: string;
  title: string;
  text: string;
  /**
   * Shown only to users the named access rule lets in: the rule of the page the step explains, the same one that
   * page's route and its API declare (docs/requirements.md §6: the steps are filtered by permission).
   */
  access?: AccessName;
}

/**
 * A step about one admin page: its access rule is the page's own, read from the admin page list (the route table and
 * the menu use that list too), never restated here, so a page whose rule changes takes its step along.
 */
function pageStep(path: string, title: string, text: string): TutorialStep {
  return { key: path, title, text, access: adminPage(path).rule };
}

/**
 * The admin tutorial (docs/requirements.md §4, about 12 steps), in order: the admin area, the jobs of the event
 * from results to the superadmin's tools, then where help is. A user sees the introduction, the help and the steps
 * of the pages they may open: 13 for a superadmin, 7 for an admin, 6 for the demo Arbiter role.
 */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    key: 'admin-area',
    title: 'Welcome to the Admin Area',
    text: 'The pages for running the tournament live under Admin Area, in the menu with your initials. You see only the pages your role allows.',
  },
  pageStep(
    'match-results',
    'Match results',
    'Enter each board’s result as it finishes: white wins, black wins or a draw. Standings and the public leaderboard update for everyone at once, and a wrong result can be corrected.',
  ),
  pageStep(
    'admin-player-lookup',
    'Player lookup',
    'Find any player by name to see their school, team, board and results so far, for example when a parent asks where their child plays.',
  ),
  pageStep(
    'tournament-management',
    'Tournament management',
    'Create the tournament with its dates, rounds and tie-break order, post announcements, and make it the active one the public pages show.',
  ),
  pageStep(
    'round-management',
    'Round management',
    'Generate the Swiss pairings for the next round, start it once the pairings exist, and complete it when every board has a result.',
  ),
  pageStep(
    'player-management',
    'Player management',
    'Add late entries, withdraw players, record requested byes, and import or export the player list as CSV or TRF.',
  ),
  pageStep(
    'checkin-desk',
    'Check-in',
    'On the day, the Check-in Desk marks players as arrived. Player names can still be corrected there.',
  ),
  pageStep(
    'checkin-overview',
    'Check-in overview',
    'The overview shows every school and team with who has arrived and who is still missing, and signs pupils out at pick-up.',
  ),
  pageStep(
    'manage-registrations',
    'Registrations',
    'Search the registrations, record cash or bank payments, cancel an entry and move registered players into the tournament.',
  ),
  pageStep(
    'user-management',
    'Users and invitations',
    'User Management creates accounts, changes roles, freezes accounts and invites helpers by e-mail.',
  ),
  pageStep(
    'system-logs',
    'System logs',
    'System Logs list who changed what and when, and the security events, so a question about a result or a sign-in can be answered.',
  ),
  pageStep(
    'super-admin-dashboard',
    'Superadmin tools',
    'The Super Admin Dashboard shows how the site is doing; from there, Broadcasts send a message to every open page, Safe Control pauses parts of the site, and Settings change the site behind their own password.',
  ),
  {
    key: 'help',
    title: 'Where to find help',
    text: 'The Welcome page of the Admin Area lists every page you can open and what it is for. For anything else, contact the organisers through Contact Us at the bottom of the home page.',
  },
];

/** The steps this user's permissions make relevant. */
export function tutorialStepsFor(access: ResolvedAccess): TutorialStep[] {
  return TUTORIAL_STEPS.filter((step) => !step.access || may(access, step.access));
}
