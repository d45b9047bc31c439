import { type AccessName, may } from '../../../domain/access-rules';
import type { ResolvedAccess } from '../../../domain/permissions';

export interface TutorialStep {
  key: string;
  title: string;
  text: string;
  /**
   * Shown only to users the named access rule lets in: the page the step explains (docs/requirements.md §6: the steps
   * are filtered by permission).
   */
  access?: AccessName;
}

/** The admin tutorial, in order: the admin area, then the jobs of the event, then where help is. */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    key: 'admin-area',
    title: 'Welcome to the Admin Area',
    text: 'The pages for running the tournament live under Admin Area, in the menu with your initials. You see only the pages your role allows.',
  },
  {
    key: 'match-results',
    title: 'Match results',
    text: 'Enter each board’s result as it finishes: white wins, black wins or a draw. Standings and the public leaderboard update for everyone at once, and a wrong result can be corrected.',
    access: 'enterResults',
  },
  {
    key: 'round-management',
    title: 'Round management',
    text: 'Generate the Swiss pairings for the next round, start it once the pairings exist, and complete it when every board has a result.',
    access: 'manageRounds',
  },
  {
    key: 'check-in',
    title: 'Check-in',
    text: 'On the day, the Check-in Desk marks players as arrived. Player names can still be corrected there.',
    access: 'checkinDesk',
  },
  {
    key: 'users',
    title: 'Users and invitations',
    text: 'User Management creates accounts, changes roles, freezes accounts and invites helpers by e-mail.',
    access: 'manageUsers',
  },
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
