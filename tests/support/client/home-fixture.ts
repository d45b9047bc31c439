import type { HomeResponse } from '../../../src/contracts/home';

/** A home response in the middle of a tournament (round 3 of 5), for client tests of the pages that read it. */
export const homeSettings: HomeResponse['settings'] = {
  welcome_message: 'Welcome!',
  show_hero_animation: false,
  hero_background_color: '#0f3d2e',
  show_live_stats: true,
  announcements_enabled: true,
  custom_announcement: 'Bring a pen',
  show_countdown_timer: false,
  featured_players_count: 3,
  show_recent_matches: true,
  header_title: 'Schools Team Chess Championship',
  header_subtitle: 'One day of chess',
  header_background_color: '#0f3d2e',
  contact_email: 'chess@example.org',
  show_how_to_register: true,
};

const player = (name: string, groupName: string | null) => ({ name, groupName, rating: 1500 });

export const liveHome: HomeResponse = {
  tournament: {
    name: 'Championship',
    venue: 'Main Hall',
    description: null,
    startDate: '2025-03-15',
    endDate: '2025-03-15',
    currentRound: 3,
    totalRounds: 5,
    rounds: [{ number: 3, status: 'active', startTime: '2025-03-15T13:30:00Z', endTime: null }],
  },
  stats: {
    totalPlayers: 56,
    currentRound: 3,
    totalRounds: 5,
    completedMatches: 60,
    totalMatches: 84,
    completionRate: 57,
  },
  settings: homeSettings,
  registration: { is_enabled: false, team_price: 6000 },
  registrationOpen: false,
  leaderboardVisible: true,
  playerDashboardOpen: true,
  featuredPlayers: [
    {
      rank: 1,
      name: 'Ada Byrne',
      withdrawn: false,
      groupName: null,
      rating: 1800,
      halfPoints: 5,
      wins: 2,
      draws: 1,
      losses: 0,
      byes: 0,
      tiebreaks: { rating: 1800 },
    },
  ],
  tiebreakOrder: ['rating'],
  currentRound: {
    round: { number: 3, status: 'active', startTime: '2025-03-15T13:30:00Z', endTime: null },
    boards: [
      {
        roundNumber: 3,
        board: 1,
        white: player('Ada Byrne', "St Kevin's A"),
        black: null,
        result: null,
        isStarted: true,
      },
    ],
    byes: [],
    pairingNotes: [],
  },
  sampleBoards: [1],
  recentMatches: [],
  announcements: [],
  retention: { visitorDays: 90, registrationYears: 2, mailDays: 90 },
  geolocationService: null,
};
