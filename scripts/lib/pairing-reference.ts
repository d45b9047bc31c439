/**
 * The rounds our engine is compared on with bbpPairings (FIDE-endorsed, FIDE Dutch 2025 rules; issue 36):
 * every round from 2 of the real files, each paired by bbpPairings from the file cut back to the round before
 * (its answers recorded in tests/fixtures/trf/bbp-reference.json), and every round of the generated files
 * (tests/fixtures/trf/generated: bbpPairings' random tournament generator paired each round with its Dutch
 * engine, so the file's own rounds are its answers). No school groups: the comparison is of the Swiss rules.
 */
import { parseTrf, type TrfTournament } from '../../src/domain/trf/trf';
import { countPlayedRounds, cutBackTrf, trfRoundPairing } from '../../src/domain/trf/trf-pairing';
import { listTrfFixtures, readTestFixture, readTrfFixture } from './trf-fixtures';

export const BBP_REFERENCE_FILE = 'trf/bbp-reference.json';

export interface ReferencePairs {
  /** [white, black] start ranks, in board order. */
  pairs: [number, number][];
  bye: number | null;
}

export interface RecordedReference {
  source: string;
  rounds: Record<string, Record<string, ReferencePairs | { exitCode: number }>>;
}

export interface ReferenceRound {
  file: string;
  round: number;
  /** The file cut back to the round before: what both engines pair. */
  input: TrfTournament;
  /** bbpPairings' pairing, or its exit code when it refused (1: no valid pairing, 3: bad input). */
  reference: ReferencePairs | { exitCode: number };
}

/** Rounds 2.. of each real file (the input only: the recorder fills in bbpPairings' answers). */
export function realRoundInputs(): Omit<ReferenceRound, 'reference'>[] {
  return listTrfFixtures('real').flatMap((file) => {
    const tournament = parseTrf(readTrfFixture(file));
    const played = countPlayedRounds(tournament);
    return Array.from({ length: played - 1 }, (_, index) => ({
      file,
      round: index + 2,
      input: cutBackTrf(tournament, index + 2),
    }));
  });
}

function generatedRounds(files: readonly string[]): ReferenceRound[] {
  return files.flatMap((file) => {
    const tournament = parseTrf(readTrfFixture(file));
    const played = countPlayedRounds(tournament);
    return Array.from({ length: played }, (_, index) => {
      const round = index + 1;
      const { boards, byes } = trfRoundPairing(tournament, round);
      return {
        file,
        round,
        input: cutBackTrf(tournament, round),
        reference: { pairs: boards, bye: byes[0] ?? null },
      };
    });
  });
}

/**
 * Every reference round: the real files' (recorded answers) and the generated files'. `withLarge` adds the
 * synthetic 350- and 1,000-player files (slow: for the script, not the unit test).
 */
export function referenceRounds(options: { withLarge?: boolean } = {}): ReferenceRound[] {
  const recorded = JSON.parse(readTestFixture(BBP_REFERENCE_FILE, 'utf8')) as RecordedReference;
  const real = realRoundInputs().map((round) => {
    const reference = recorded.rounds[round.file]?.[String(round.round)];
    if (!reference)
      throw new Error(`${BBP_REFERENCE_FILE} has no answer for ${round.file} round ${round.round}`);
    return { ...round, reference };
  });
  const generated = generatedRounds(listTrfFixtures('generated'));
  const large = options.withLarge ? generatedRounds(listTrfFixtures('synthetic')) : [];
  return [...real, ...generated, ...large];
}

/**
 * The criteria that decided some bye, bye passed over or downfloater of the reference rounds up to 100
 * players (dutch-explain.test.ts checks each is reached; docs/pairing.md has a worked example of each).
 * C10, C11 and C18–C21 decided none of them.
 */
export const REFERENCE_DECIDING_CRITERIA = [
  'C2',
  'C4',
  'C5',
  'C6',
  'C7',
  'C8',
  'C9',
  'C12',
  'C13',
  'C14',
  'C15',
  'C16',
  'C17',
  'order',
] as const;
