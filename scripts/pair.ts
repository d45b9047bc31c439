/**
 * Pairs the next round of a TRF16 tournament file.
 *
 *   npm run pair -- <file.trf> [--groups groups.csv] [--json] [--explain] [--allow-repeat-bye] [--round N]
 *
 * Default output (the format arbiters' tools share, as JaVaFo and bbpPairings write it): the number of
 * pairs (the bye counted as one), then `white black` by start rank per board, and `N 0` for the bye.
 * --json prints round, boards, bye and the explanation notes. --explain adds readable notes (lines
 * starting with #) after the pairs. Players with a block already filled for the round (H/Z/F) are left out.
 * With --groups (CSV: start_rank,school,club) schoolmates are avoided, and clubmates when clubs are given.
 * --allow-repeat-bye: the arbiter allows a second pairing-allocated bye when no pairing exists otherwise.
 * --round N: pair round N from the rounds before it, whatever the file records from round N on (to ask why
 * a played round was paired as it was; docs/pairing.md's worked examples use it).
 * Without school groups the pairing is FIDE's Dutch pairing (ADR 046); --explain then also names the
 * criterion (C.04.3 C4–C21, or FIDE's order of exchanges) that decided each downfloater and each player
 * passed over for the bye.
 * --dutch: FIDE's Dutch system alone (pairing/dutch.ts): where it finds no pairing it exits 1 instead of
 * falling back to the site engine's matching; without school groups or --allow-repeat-bye. With --explain:
 * the bye and each downfloater, each with the criterion that decided it.
 *
 * Exit codes: 0 paired, 1 no valid pairing exists, 2 usage, 3 bad input (as bbpPairings: 1 and 3), also a
 * file that contradicts itself (a game on one side only, both players winners, a wrong points column: every
 * contradiction is printed with its line).
 */
import { type DutchPairing, pairDutch } from '../src/domain/pairing/dutch';
import { DUTCH_CRITERION_TEXT, type DutchCriterion } from '../src/domain/pairing/dutch-criteria';
import { explainDutch } from '../src/domain/pairing/dutch-explain';
import { pairNextRound } from '../src/domain/pairing/engine';
import { clashText, RELAXED_RULE_TEXT } from '../src/domain/pairing/relaxed-rules';
import { PairingError, type PairingInput, type PairingNote } from '../src/domain/pairing/types';
import { GroupsCsvError, parseGroupsCsv } from '../src/domain/trf/groups-csv';
import { parseTrf, TrfContradictionError, TrfParseError } from '../src/domain/trf/trf';
import { cutBackTrf, trfToPairingInput } from '../src/domain/trf/trf-pairing';
import { readTextFile } from './lib/trf-fixtures';

export interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

const usage =
  'usage: npm run pair -- <file.trf> [--groups groups.csv] [--json] [--explain] [--allow-repeat-bye] [--dutch] [--round N]';

function describeNote(note: PairingNote): string {
  switch (note.kind) {
    case 'schoolmates_paired':
      return `board ${note.board}: schoolmates ${note.playerIds.join(' and ')} (${note.school}) paired: ${RELAXED_RULE_TEXT.school(note.minimumPairs)}`;
    case 'clubmates_paired':
      return `board ${note.board}: clubmates ${note.playerIds.join(' and ')} (${note.club}) paired: ${RELAXED_RULE_TEXT.club(note.minimumPairs)}`;
    case 'colour_preferences_clash':
      return `board ${note.board}: both must have the same colour: ${clashText(note)}`;
    case 'bye': {
      const passed = note.passedOver.map((entry) => `${entry.playerId} (${criterionText(entry.reason)})`);
      if (note.morePassedOver > 0) passed.push(`${note.morePassedOver} more`);
      return `bye: ${note.playerId}, ${note.reason}${passed.length > 0 ? `; passed over ${passed.join(', ')}` : ''}`;
    }
    case 'floated':
      return `board ${note.board}: ${note.playerId} floats ${note.direction} by ${note.scoreDifference / 2} point(s)${note.isRepeated ? ', again' : ''}${note.criterion ? `: ${DUTCH_CRITERION_TEXT[note.criterion]}` : ''}`;
    case 'colour':
      return `board ${note.board}: ${note.playerId} ${note.colour} (${note.preference} preference${note.preferredColour ? ` for ${note.preferredColour}` : ''}; ${note.reason.replaceAll('_', ' ')})`;
    case 'left_out':
      return `${note.playerId} left out: ${note.reason}`;
  }
}

/** A reason as printed: a FIDE criterion in its words, any other reason as it is. */
const criterionText = (reason: string): string =>
  reason in DUTCH_CRITERION_TEXT ? DUTCH_CRITERION_TEXT[reason as DutchCriterion] : reason;

/** The arbiters' shared format: the pair count (the bye counted), `white black` per board, `N 0` for the bye. */
function formatDefault(boards: readonly (readonly [string, string])[], byeId: string | null): string {
  const lines = [String(boards.length + (byeId === null ? 0 : 1))];
  for (const [white, black] of boards) lines.push(`${white} ${black}`);
  if (byeId !== null) lines.push(`${byeId} 0`);
  return `${lines.join('\n')}\n`;
}

/** The Dutch engine's pairing in the same formats; boards in the order of the brackets (the top first). */
function dutchOutput(
  input: PairingInput,
  pairing: DutchPairing,
  isJson: boolean,
  isExplain: boolean,
): CliOutput {
  const round = input.roundNumber;
  if (!isJson) {
    let stdout = formatDefault(pairing.pairs, pairing.byeId);
    if (isExplain) {
      const explanation = explainDutch(input, pairing);
      stdout += `# round ${round}\n`;
      if (explanation.bye) {
        stdout += `# bye: ${explanation.bye.playerId}, against the best pairing without it: ${criterionText(explanation.bye.criterion)}\n`;
        for (const entry of explanation.bye.passedOver)
          stdout += `# bye: ${entry.playerId} passed over: ${criterionText(entry.criterion)}\n`;
      }
      for (const floater of explanation.floaters)
        stdout += `# ${floater.playerId} floats down to ${floater.opponentId}: ${criterionText(floater.criterion)}\n`;
    }
    return { code: 0, stdout, stderr: '' };
  }
  const boards = pairing.pairs.map(([white, black], index) => ({
    board: index + 1,
    white: Number(white),
    black: Number(black),
  }));
  const bye = pairing.byeId === null ? null : Number(pairing.byeId);
  return { code: 0, stdout: `${JSON.stringify({ round, boards, bye }, null, 2)}\n`, stderr: '' };
}

export function runPairCli(args: readonly string[], readFile: (path: string) => string): CliOutput {
  let file: string | null = null;
  let groupsFile: string | null = null;
  let isJson = false;
  let isExplain = false;
  let allowRepeatBye = false;
  let isDutch = false;
  let round: number | null = null;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--json') isJson = true;
    else if (arg === '--explain') isExplain = true;
    else if (arg === '--allow-repeat-bye') allowRepeatBye = true;
    else if (arg === '--dutch') isDutch = true;
    else if (arg === '--round') {
      round = Number(args[index + 1]);
      index += 1;
      if (!Number.isInteger(round) || round < 1)
        return { code: 2, stdout: '', stderr: `--round needs a round number from 1\n${usage}\n` };
    } else if (arg === '--groups') {
      groupsFile = args[index + 1] ?? null;
      index += 1;
      if (groupsFile === null) return { code: 2, stdout: '', stderr: `--groups needs a file\n${usage}\n` };
    } else if (arg.startsWith('--'))
      return { code: 2, stdout: '', stderr: `unknown option ${arg}\n${usage}\n` };
    else if (file === null) file = arg;
    else return { code: 2, stdout: '', stderr: `only one TRF file, got also ${arg}\n${usage}\n` };
  }
  if (file === null) return { code: 2, stdout: '', stderr: `${usage}\n` };
  if (isDutch && (groupsFile !== null || allowRepeatBye)) {
    return {
      code: 2,
      stdout: '',
      stderr: `--dutch pairs by FIDE's rules alone: no --groups or --allow-repeat-bye\n${usage}\n`,
    };
  }
  try {
    const read = parseTrf(readFile(file));
    const tournament = round === null ? read : cutBackTrf(read, round);
    const groups = groupsFile === null ? undefined : parseGroupsCsv(readFile(groupsFile));
    if (groups) {
      const ranks = new Set(tournament.players.map((player) => player.startRank));
      const unknown = [...groups.keys()].filter((rank) => !ranks.has(rank));
      if (unknown.length > 0) {
        return {
          code: 3,
          stdout: '',
          stderr: `groups CSV: start_rank ${unknown.join(', ')} not in ${file}\n`,
        };
      }
    }
    const hasClubs = [...(groups?.values() ?? [])].some((group) => group.club);
    const input = trfToPairingInput(tournament, { groups, isSameClubAvoided: hasClubs });
    if (tournament.totalRounds !== null && input.roundNumber - 1 > tournament.totalRounds) {
      return {
        code: 3,
        stdout: '',
        stderr: `${file}: XXR says ${tournament.totalRounds} rounds but the file records ${input.roundNumber - 1} played rounds\n`,
      };
    }
    if (tournament.totalRounds !== null && input.roundNumber > tournament.totalRounds) {
      return {
        code: 1,
        stdout: '',
        stderr: `the tournament is complete: all ${tournament.totalRounds} rounds (XXR) are paired\n`,
      };
    }
    if (isDutch) return dutchOutput(input, pairDutch(input), isJson, isExplain);
    const result = pairNextRound({
      ...input,
      options: { ...input.options, allowRepeatBye, explainFloats: isExplain },
    });
    if (isJson) {
      const json = {
        round: result.roundNumber,
        boards: result.boards.map((board) => ({
          board: board.board,
          white: Number(board.whiteId),
          black: Number(board.blackId),
        })),
        bye: result.byePlayerId === null ? null : Number(result.byePlayerId),
        notes: result.notes,
      };
      return { code: 0, stdout: `${JSON.stringify(json, null, 2)}\n`, stderr: '' };
    }
    let stdout = formatDefault(
      result.boards.map((board) => [board.whiteId, board.blackId] as const),
      result.byePlayerId,
    );
    if (isExplain) {
      stdout += `# round ${result.roundNumber}\n`;
      for (const note of result.notes) stdout += `# ${describeNote(note)}\n`;
    }
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    if (error instanceof PairingError && error.code === 'repeat_bye_needed') {
      return {
        code: 1,
        stdout: '',
        stderr: `${error.message}: start rank ${error.playerIds.join(' or ')}; pass --allow-repeat-bye to allow it\n`,
      };
    }
    if (error instanceof PairingError) {
      return { code: error.code === 'no_valid_pairing' ? 1 : 3, stdout: '', stderr: `${error.message}\n` };
    }
    if (error instanceof TrfContradictionError) {
      // Every contradiction, one line each: the file is refused, not paired (bbpPairings also exits 3).
      const lines = error.contradictions.map((found) => `TRF line ${found.line}: ${found.message}`);
      return { code: 3, stdout: '', stderr: `the file contradicts itself:\n${lines.join('\n')}\n` };
    }
    if (error instanceof TrfParseError || error instanceof GroupsCsvError) {
      return { code: 3, stdout: '', stderr: `${error.message}\n` };
    }
    if (error instanceof Error && 'code' in error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { code: 3, stdout: '', stderr: `cannot read ${(error as NodeJS.ErrnoException).path}\n` };
    }
    throw error;
  }
}

if (/scripts[\\/]pair\.ts$/.test(process.argv[1] ?? '')) {
  const output = runPairCli(process.argv.slice(2), readTextFile);
  process.stdout.write(output.stdout);
  process.stderr.write(output.stderr);
  process.exitCode = output.code;
}
