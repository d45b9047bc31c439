// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveHome as live, homeSettings as settings } from '../../../../tests/support/client/home-fixture';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import { HomePage } from './home-page';

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  // The announcements section is its own chunk (loaded after the page): transform it once up front, so a slow
  // first import does not eat into each test's wait.
  // Waiting for it gives the lazy image carousel time to mount too: jsdom lacks the observers its library uses.
  beforeAll(async () => {
    await import('./announcements-section');
  });
  beforeEach(() => {
    class NoObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', NoObserver);
    vi.stubGlobal('ResizeObserver', NoObserver);
  });

  it('shows the live variant with progress, leaders and the current round', async () => {
    stubFetch({ '/api/public/home': live });
    renderAt(<HomePage />);
    expect(screen.getByText('Loading tournament data...')).toBeTruthy();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Schools Team Chess Championship');
    expect(heading.querySelector('span')?.textContent).toBe('Schools Team');

    expect(screen.getByRole('link', { name: /View Leaderboard/ }).getAttribute('href')).toBe('/leaderboard');
    expect(screen.getByRole('link', { name: 'Board & Player Lookup' }).getAttribute('href')).toBe(
      '/player-lookup',
    );
    expect(screen.getByText('Tournament Progress')).toBeTruthy();
    expect(screen.getByText('3/5')).toBeTruthy();
    expect(screen.getByText('57%')).toBeTruthy();
    expect(screen.getByText('No Group')).toBeTruthy();
    expect(screen.getByText('2½')).toBeTruthy();
    // Leading Players say how players level on points are ranked: here "points, then rating".
    expect(screen.getByText('Ties broken by: rating.')).toBeTruthy();
    expect(screen.getAllByText('Unknown').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /View All Matches/ }).getAttribute('href')).toBe('/leaderboard');
    // The announcements section loads after the page's first JavaScript.
    expect(await screen.findByText('Bring a pen')).toBeTruthy();
    // The closing sections are a chunk of their own, which may arrive after the announcements: its first import
    // is transformed on demand, over findBy's default second on a busy two-core machine.
    const contact = await screen.findByRole('link', { name: 'chess@example.org' }, { timeout: 10_000 });
    expect(contact.getAttribute('href')).toBe('mailto:chess@example.org');
  });

  it('names a paired round not yet started and marks its boards Not started, not In progress', async () => {
    stubFetch({
      '/api/public/home': {
        ...live,
        currentRound: {
          ...live.currentRound,
          round: { number: 4, status: 'upcoming', startTime: null, endTime: null },
          boards: live.currentRound.boards.map((board) => ({ ...board, roundNumber: 4, isStarted: false })),
        },
      },
    });
    renderAt(<HomePage />);
    const progress = await screen.findByRole('region', { name: 'Tournament Progress' });
    expect(within(progress).getByText('Round 4')).toBeTruthy();
    expect(within(progress).queryByText('Not Started')).toBeNull();
    const panel = screen.getByRole('region', { name: 'Current Round' });
    expect(within(panel).getAllByText('Not started').length).toBeGreaterThan(0);
    expect(within(panel).queryByText('In progress')).toBeNull();
  });

  it('offers Join Tournament while registration is open, and shows the hidden leaderboard state', async () => {
    stubFetch({
      '/api/public/home': {
        ...live,
        registration: { is_enabled: true, team_price: 6000 },
        registrationOpen: true,
        leaderboardVisible: false,
        featuredPlayers: [],
      },
    });
    renderAt(<HomePage />);
    expect((await screen.findByRole('link', { name: /Join Tournament/ })).getAttribute('href')).toBe(
      '/registration',
    );
    expect(screen.getByText('Leaderboard Hidden')).toBeTruthy();
    expect(screen.getByText('Player rankings are currently not visible.')).toBeTruthy();
  });

  it('shows the pre-event variant with its claims and fallback announcements when no tournament is loaded', async () => {
    stubFetch({
      '/api/public/home': {
        ...live,
        tournament: null,
        stats: null,
        featuredPlayers: [],
        currentRound: { round: null, boards: [], byes: [], pairingNotes: [] },
        settings: { ...settings, custom_announcement: '' },
      },
    });
    renderAt(<HomePage />);
    expect((await screen.findAllByText('Over 350 people took part last year')).length).toBeGreaterThan(0);
    expect(screen.getByText('Registration takes about 5 minutes')).toBeTruthy();
    expect(screen.getByText('Support replies within 24 hours')).toBeTruthy();
    expect(screen.queryByText('Tournament Progress')).toBeNull();
    expect(await screen.findByText(/Pairings for each round are posted here/)).toBeTruthy();
  });

  it('says so when the tournament data cannot be loaded', async () => {
    stubFetch({});
    renderAt(<HomePage />);
    expect(await screen.findByText('Failed to load tournament data')).toBeTruthy();
  });
});
