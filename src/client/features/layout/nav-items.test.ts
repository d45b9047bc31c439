import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items';

describe('navItems', () => {
  it('lists the public navigation in the required order', () => {
    expect(navItems(true).map((item) => item.label)).toEqual([
      'Leaderboard',
      'Player Lookup',
      'Register',
      '2025 Tournament',
      'Contact Us',
    ]);
    expect(navItems(true).find((item) => item.label === 'Contact Us')?.to).toBe('/#contact-us');
  });

  it('hides Leaderboard while the leaderboard is hidden', () => {
    expect(navItems(false).map((item) => item.label)).not.toContain('Leaderboard');
  });
});
