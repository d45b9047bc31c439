import { describe, expect, it } from 'vitest';
import {
  arbiterQueue,
  boardReportState,
  type Claim,
  claimsDifferingFrom,
  publicBoardState,
  type QueueBoard,
  refusalOfReport,
  sidesFor,
} from './result-reports';

const board = {
  white: { playerId: 'w', schoolId: 'school-a' },
  black: { playerId: 'b', schoolId: 'school-b' },
};
const claim = (
  side: Claim['side'],
  result: Claim['result'],
  at: number,
  reporterKey: string = side,
): Claim => ({
  side,
  result,
  kind: 'player',
  reporterKey,
  at,
});

describe('who speaks for which side', () => {
  it('a player speaks for their own colour only, never for another board', () => {
    expect(sidesFor({ kind: 'player', playerId: 'w' }, board, { captainsMayConfirm: true })).toEqual([
      'white',
    ]);
    expect(sidesFor({ kind: 'player', playerId: 'b' }, board, { captainsMayConfirm: true })).toEqual([
      'black',
    ]);
    expect(sidesFor({ kind: 'player', playerId: 'x' }, board, { captainsMayConfirm: true })).toEqual([]);
  });

  it("a school's captain or teacher speaks for their pupils' sides, only when captains may confirm", () => {
    const captain = { kind: 'captain', schoolIds: ['school-a'] } as const;
    expect(sidesFor(captain, board, { captainsMayConfirm: true })).toEqual(['white']);
    expect(sidesFor(captain, board, { captainsMayConfirm: false })).toEqual([]);
    const sameSchool = { ...board, black: { playerId: 'b', schoolId: 'school-a' } };
    expect(
      sidesFor({ kind: 'teacher', schoolIds: ['school-a'] }, sameSchool, { captainsMayConfirm: true }),
    ).toEqual(['white', 'black']);
    // A teacher who registered two schools speaks for the pupils of both.
    expect(
      sidesFor({ kind: 'teacher', schoolIds: ['school-c', 'school-b'] }, board, { captainsMayConfirm: true }),
    ).toEqual(['black']);
    const noSchool = { ...board, white: { playerId: 'w', schoolId: null } };
    expect(
      sidesFor({ kind: 'captain', schoolIds: ['school-a'] }, noSchool, { captainsMayConfirm: true }),
    ).toEqual([]);
  });
});

describe('what the claims say together', () => {
  it('both sides naming the same result agree; different results are a dispute', () => {
    expect(boardReportState([])).toEqual({ kind: 'none' });
    expect(boardReportState([claim('white', 'white', 10)])).toEqual({
      kind: 'one-sided',
      side: 'white',
      result: 'white',
      since: 10,
    });
    expect(boardReportState([claim('white', 'white', 10), claim('black', 'white', 20)])).toEqual({
      kind: 'agreed',
      result: 'white',
      at: 20,
    });
    expect(boardReportState([claim('white', 'white', 10), claim('black', 'black', 20)])).toEqual({
      kind: 'disputed',
      white: 'white',
      black: 'black',
      since: 20,
    });
  });

  it("a side's later claim replaces its earlier one (a wrong button corrected)", () => {
    const claims = [claim('white', 'black', 10), claim('black', 'white', 20), claim('white', 'white', 30)];
    expect(boardReportState(claims)).toEqual({ kind: 'agreed', result: 'white', at: 30 });
  });

  it('one reporter on both sides confirms nothing alone', () => {
    const claims = [claim('white', 'draw', 10, 'teacher-a'), claim('black', 'draw', 20, 'teacher-a')];
    expect(boardReportState(claims).kind).toBe('one-sided');
  });
});

describe('whether a report is taken', () => {
  const ok = {
    isReportingOn: true,
    roundInProgress: true,
    storedResult: null,
    sides: ['white'] as const,
    result: 'draw',
  };
  it('takes a report of a live board from one of its sides', () => {
    expect(refusalOfReport(ok)).toBeNull();
  });
  it('refuses with the reason, most basic first', () => {
    expect(refusalOfReport({ ...ok, isReportingOn: false })).toBe('reporting-off');
    expect(refusalOfReport({ ...ok, result: 'white_forfeit_win' })).toBe('not-reportable');
    expect(refusalOfReport({ ...ok, sides: [] })).toBe('not-your-board');
    expect(refusalOfReport({ ...ok, roundInProgress: false })).toBe('round-not-in-progress');
    expect(refusalOfReport({ ...ok, storedResult: 'black' })).toBe('result-already-set');
  });
});

describe("the arbiter's queue", () => {
  const minute = 60_000;
  const open = (n: number, claims: Claim[] = []): QueueBoard => ({
    matchId: `m${n}`,
    board: n,
    result: null,
    claims,
  });
  const done = (n: number): QueueBoard => ({ matchId: `m${n}`, board: n, result: 'draw', claims: [] });

  it('lists disputes first, then one-sided claims past the timeout, oldest first; settled boards never', () => {
    const boards = [
      open(1, [claim('white', 'white', 0)]),
      open(2, [claim('white', 'white', 9 * minute), claim('black', 'black', 9 * minute)]),
      open(3, [claim('black', 'draw', 8 * minute)]),
      open(4),
      done(5),
    ];
    const rows = arbiterQueue(boards, 10 * minute, { oneSidedAfterMs: 5 * minute });
    expect(rows.map((row) => [row.board, row.reason])).toEqual([
      [2, 'disputed'],
      [1, 'one-sided'],
    ]);
  });

  it('lists the boards nobody reported once three in four boards have a result', () => {
    const few = [open(1), open(2), done(3), done(4)];
    expect(arbiterQueue(few, 0, { oneSidedAfterMs: minute })).toEqual([]);
    const most = [open(1), done(2), done(3), done(4)];
    expect(arbiterQueue(most, 0, { oneSidedAfterMs: minute }).map((row) => [row.board, row.reason])).toEqual([
      [1, 'no-report'],
    ]);
  });
});

describe('a board on a public page', () => {
  it('is final with a result, "reported" while claims wait, else being played', () => {
    expect(publicBoardState('white', 2)).toBe('final');
    expect(publicBoardState(null, 1)).toBe('reported');
    expect(publicBoardState(null, 0)).toBe('playing');
  });
});

describe('checking the reports against the score sheet', () => {
  it('names each side whose latest report differs from the result keyed from paper', () => {
    const claims = [claim('white', 'white', 10), claim('black', 'black', 20), claim('black', 'white', 30)];
    // Black corrected their report to 1-0: both sides now say 1-0.
    expect(claimsDifferingFrom('white', claims)).toEqual({});
    expect(claimsDifferingFrom('draw', claims)).toEqual({ white: 'white', black: 'white' });
    // Players never report a forfeit, so any report differs from one; no report differs from nothing.
    expect(claimsDifferingFrom('white_forfeit_win', [claim('white', 'white', 10)])).toEqual({
      white: 'white',
    });
    expect(claimsDifferingFrom('black', [])).toEqual({});
  });
});
