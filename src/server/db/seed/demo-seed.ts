import { count } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  DEFAULT_HOME_PAGE_SETTINGS,
  DEFAULT_TEAM_PRICE_CENTS,
  SETTING_KEYS,
} from '../../../contracts/settings';
import { seededRandom } from '../../../domain/random';
import type { MatchResult } from '../../../domain/scoring/results';
import { DEFAULT_TIEBREAK_ORDER } from '../../../domain/scoring/tiebreak-keys';
import type { Auth } from '../../auth/auth';
import { hasStoredSettings, readSettingValue, seedSettings } from '../../core/settings/settings.service';
import type { Db } from '../client';
import { schools as schoolTable } from '../schema/schools';
import {
  announcements,
  matches,
  players,
  rounds,
  teams as teamTable,
  tournaments,
} from '../schema/tournaments';
import { venueScreens } from '../schema/venue-screens';
import { seedDemoAccounts } from './demo-accounts';
import { DEMO_ANNOUNCEMENTS, DEMO_PLAYER_NAMES, DEMO_SCHOOLS } from './demo-data';

const MINUTE = 60_000;
const TOTAL_ROUNDS = 5;
const COMPLETED_ROUNDS = 2;
/** Share of round 3's boards that already have a result. */
const CURRENT_ROUND_RESULTS = 0.4;

interface SeedPlayer {
  id: string;
  rating: number;
  schoolId: string | null;
  halfPoints: number;
  opponents: Set<string>;
  whites: number;
}

/**
 * Pairs by points then rating, skipping schoolmates and rematches, with a last pass that allows schoolmates
 * (the docs/requirements.md §5 rule). Good enough to make believable history for the demo; real rounds use the engine.
 */
function pairForDemo(pool: SeedPlayer[]): [SeedPlayer, SeedPlayer][] {
  const ranked = [...pool].sort((a, b) => b.halfPoints - a.halfPoints || b.rating - a.rating);
  const pairs: [SeedPlayer, SeedPlayer][] = [];
  const taken = new Set<string>();
  for (const allowSchoolmates of [false, true]) {
    for (const player of ranked) {
      if (taken.has(player.id)) continue;
      const opponent = ranked.find(
        (candidate) =>
          candidate !== player &&
          !taken.has(candidate.id) &&
          !player.opponents.has(candidate.id) &&
          (allowSchoolmates || player.schoolId !== candidate.schoolId),
      );
      if (!opponent) continue;
      taken.add(player.id);
      taken.add(opponent.id);
      pairs.push(player.whites <= opponent.whites ? [player, opponent] : [opponent, player]);
    }
  }
  return pairs;
}

function playGame(white: SeedPlayer, black: SeedPlayer, random: () => number): MatchResult {
  const expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400));
  const roll = random();
  const drawBand = 0.18;
  if (roll < expected - drawBand / 2) return 'white';
  if (roll < expected + drawBand / 2) return 'draw';
  return 'black';
}

function score(player: SeedPlayer, result: MatchResult, colour: 'white' | 'black'): void {
  if (result === 'draw') player.halfPoints += 1;
  else if (result === colour) player.halfPoints += 2;
}

export interface DemoSeedOptions {
  seed?: number;
  /** 'demo': 56 players in 8 schools; 'event': 352 players in 44 schools, the size of the real event. */
  scale?: 'demo' | 'event';
}

function schoolsFor(scale: 'demo' | 'event'): typeof DEMO_SCHOOLS {
  if (scale === 'demo') return DEMO_SCHOOLS;
  const extra = Array.from({ length: 44 - DEMO_SCHOOLS.length }, (_, index) => ({
    school: `Community School ${index + 1}`,
    teams: ['A', 'B'] as ('A' | 'B')[],
  }));
  return [...DEMO_SCHOOLS.map((entry) => ({ ...entry, teams: ['A', 'B'] as ('A' | 'B')[] })), ...extra];
}

/** Seeds a believable tournament in progress: rounds 1–2 done, round 3 under way, rounds 4–5 to come. */
export async function seedDemoTournament(db: Db, now: Date, options: DemoSeedOptions = {}): Promise<void> {
  const random = seededRandom(options.seed ?? 2025);
  const schools = schoolsFor(options.scale ?? 'demo');
  const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * MINUTE);
  const today = now.toISOString().slice(0, 10);

  await db.transaction(async (tx) => {
    const [tournament] = await tx
      .insert(tournaments)
      .values({
        name: 'Schools Team Chess Championship 2025',
        venue: 'Main Hall, Community Sports Centre',
        description:
          'An individual Swiss in five rounds for teams of four. Every game counts for the player and for the school team.',
        startDate: today,
        endDate: today,
        currentRound: COMPLETED_ROUNDS + 1,
        totalRounds: TOTAL_ROUNDS,
        active: true,
        // Points, then rating, as a new tournament (docs/requirements.md §2; ADR 013).
        tiebreakOrder: [...DEFAULT_TIEBREAK_ORDER],
      })
      .returning();
    if (!tournament) throw new Error('demo tournament was not created');

    // Schools and their teams are records (docs/decisions/012-school-identity.md); a school already there
    // (an earlier seed) is reused.
    const schoolRows = await tx
      .insert(schoolTable)
      .values(schools.map(({ school }) => ({ name: school })))
      .onConflictDoNothing()
      .returning();
    const allSchools =
      schoolRows.length === schools.length ? schoolRows : await tx.select().from(schoolTable);
    const schoolIdOf = new Map(allSchools.map((row) => [row.name, row.id]));
    const teamRows = await tx
      .insert(teamTable)
      .values(
        schools.flatMap(({ school, teams }) =>
          teams.map((team) => ({
            tournamentId: tournament.id,
            schoolId: schoolIdOf.get(school)!,
            name: `${school} ${team}`,
          })),
        ),
      )
      .returning();
    const teamIdOf = new Map(teamRows.map((row) => [row.name, row.id]));
    let nameIndex = 0;
    const playerValues = schools.flatMap(({ school, teams }) =>
      teams.flatMap((team) =>
        [0, 1, 2, 3].map((board) => {
          const base = team === 'A' ? 1750 : 1350;
          return {
            tournamentId: tournament.id,
            name: DEMO_PLAYER_NAMES[nameIndex++] ?? `Pupil ${String(nameIndex).padStart(3, '0')}`,
            groupName: `${school} ${team}`,
            teamId: teamIdOf.get(`${school} ${team}`) ?? null,
            schoolId: schoolIdOf.get(school) ?? null,
            rating: Math.round(base - board * 90 + (random() - 0.5) * 300),
          };
        }),
      ),
    );
    const playerRows = await tx.insert(players).values(playerValues).returning();
    const pool: SeedPlayer[] = playerRows.map((row) => ({
      id: row.id,
      rating: row.rating ?? 1000,
      schoolId: row.schoolId,
      halfPoints: 0,
      opponents: new Set(),
      whites: 0,
    }));

    const roundRows = await tx
      .insert(rounds)
      .values(
        Array.from({ length: TOTAL_ROUNDS }, (_, index) => {
          const number = index + 1;
          const start = -190 + index * 80;
          if (number <= COMPLETED_ROUNDS) {
            return {
              tournamentId: tournament.id,
              number,
              status: 'completed' as const,
              startTime: at(start),
              endTime: at(start + 65),
            };
          }
          if (number === COMPLETED_ROUNDS + 1) {
            return { tournamentId: tournament.id, number, status: 'active' as const, startTime: at(-25) };
          }
          return { tournamentId: tournament.id, number, status: 'upcoming' as const };
        }),
      )
      .returning();

    for (const round of roundRows.filter((row) => row.status !== 'upcoming')) {
      const pairs = pairForDemo(pool);
      const values = pairs.map(([white, black], index) => {
        const isFinished = round.status === 'completed' || random() < CURRENT_ROUND_RESULTS;
        const result = isFinished ? playGame(white, black, random) : null;
        white.opponents.add(black.id);
        black.opponents.add(white.id);
        white.whites += 1;
        if (result) {
          score(white, result, 'white');
          score(black, result, 'black');
        }
        const resultAt = result
          ? round.endTime
            ? new Date(round.endTime.getTime() - (pairs.length - index) * 20_000)
            : at(-Math.round(random() * 20))
          : null;
        return {
          tournamentId: tournament.id,
          roundId: round.id,
          roundNumber: round.number,
          boardNumber: index + 1,
          whitePlayerId: white.id,
          blackPlayerId: black.id,
          result,
          resultAt,
        };
      });
      await tx.insert(matches).values(values);
    }

    await tx.insert(announcements).values(
      DEMO_ANNOUNCEMENTS.map((content, index) => ({
        tournamentId: tournament.id,
        content,
        createdAt: at(-200 + index * 60),
      })),
    );

    await seedSettings(tx, {
      [SETTING_KEYS.homePage]: { ...DEFAULT_HOME_PAGE_SETTINGS, featured_players_count: 5 },
      [SETTING_KEYS.leaderboardVisible]: true,
      [SETTING_KEYS.registration]: { is_enabled: false, team_price: DEFAULT_TEAM_PRICE_CENTS },
      [SETTING_KEYS.checkinOpen]: false,
      [SETTING_KEYS.demoMode]: true,
    });
  });
}

/**
 * The demo's hall screens (ADR 042), with codes fixed so the README can give their addresses: two screens sharing
 * pairings by name and one at the entrance. Demo data only: a real event's codes are random.
 */
export const DEMO_SCREENS = [
  { name: 'Hall left', groupName: 'Hall', programme: ['pairings-by-name'], code: 'DEM0HA11AAAA' },
  { name: 'Hall right', groupName: 'Hall', programme: ['pairings-by-name'], code: 'DEM0HA11BBBB' },
  {
    name: 'Entrance',
    groupName: 'Entrance',
    programme: ['find-your-board', 'pairings-by-board', 'school-standings', 'broadcast', 'clock'],
    code: 'DEM0ENTRANCE',
  },
] as const;

async function seedDemoScreens(db: Db): Promise<void> {
  await db
    .insert(venueScreens)
    .values(
      DEMO_SCREENS.map((screen) => ({
        ...screen,
        programme: [...screen.programme],
        codeIssuedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [tournamentCount] = await db.select({ n: count() }).from(tournaments);
  return (tournamentCount?.n ?? 0) === 0 && !(await hasStoredSettings(db));
}

export async function isDemoDatabase(db: Db): Promise<boolean> {
  return readSettingValue(db, SETTING_KEYS.demoMode);
}

/**
 * Seeds the demo when wanted: on an empty embedded database unless SEED_DEMO=0, and on DATABASE_URL only with
 * SEED_DEMO=1. Returns whether the site is in demo mode (the data is demo data).
 */
export async function prepareDemoData(
  db: Db,
  auth: Auth,
  options: { usesDatabaseUrl: boolean; seedDemo: '0' | '1' | undefined; now: Date; scale: 'demo' | 'event' },
  logger: Logger,
): Promise<boolean> {
  const wanted = options.usesDatabaseUrl ? options.seedDemo === '1' : options.seedDemo !== '0';
  if (wanted && (await isDatabaseEmpty(db))) {
    logger.info('the database is empty: seeding the demo tournament');
    await seedDemoTournament(db, options.now, { scale: options.scale });
    await seedDemoAccounts(db, auth);
    await seedDemoScreens(db);
  }
  return isDemoDatabase(db);
}
