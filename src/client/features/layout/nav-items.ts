export interface NavItem {
  label: string;
  to: string;
}

export const CONTACT_HREF = '/#contact-us';

/** docs/requirements.md §2 Layout: the public navigation, in order. Leaderboard is left out while the leaderboard is hidden. */
export function navItems(leaderboardVisible: boolean): NavItem[] {
  const items: NavItem[] = [
    { label: 'Leaderboard', to: '/leaderboard' },
    { label: 'Player Lookup', to: '/player-lookup' },
    { label: 'Register', to: '/registration' },
    { label: '2025 Tournament', to: '/important-information' },
    { label: 'Contact Us', to: CONTACT_HREF },
  ];
  return leaderboardVisible ? items : items.filter((item) => item.to !== '/leaderboard');
}
