import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrf, writeTrf } from '../src/domain/trf/trf';
import { cutBackTrf, trfRoundPairing } from '../src/domain/trf/trf-pairing';
import { REFERENCE_DECIDING_CRITERIA } from './lib/pairing-reference';
import { readTextFile, readTrfFixture, trfFixturesRoot } from './lib/trf-fixtures';
import { runPairCli } from './pair';

const files: Record<string, string> = {
  'small.trf': [
    '012 Small',
    'XXR 3',
    '001    1      A                                 1900                             1.0    1     3 w 1',
    '001    2      B                                 1800                             1.0    2     4 b 1',
    '001    3      C                                 1700                             0.0    3     1 b 0',
    '001    4      D                                 1600                             0.0    4     2 w 0',
    '001    5      E                                 1500                             1.0    5  0000 - U',
    '001    6      F                                 1400                             0.0    6  0000 - Z  0000 - H',
  ].join('\r'),
  'groups.csv':
    'start_rank,school,club\n1,Loreto A,\n2,Loreto B,\n3,Gonzaga A,\n4,Gonzaga B,\n5,Belvedere A,\n6,Belvedere A,\n',
  'bad.trf':
    '012 Bad\n001    1      A                                 1900                             1.0    1     9 w 1\n',
  'bad.csv': 'rank,school\n1,x\n',
  // Two rounds played, but XXR says one.
  'short-xxr.trf': [
    '012 Short',
    'XXR 1',
    '001    1      A                                 1900                             2.0    1     2 w 1     2 b 1',
    '001    2      B                                 1800                             0.0    2     1 b 0     1 w 0',
  ].join('\n'),
};
const read = (path: string) => {
  const text = files[path];
  if (text === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT', path });
  return text;
};

describe('npm run pair', () => {
  it('prints the pair count and white/black by start rank, leaving out the H entry', () => {
    const output = runPairCli(['small.trf'], read);
    expect(output.code).toBe(0);
    const lines = output.stdout.trim().split('\n');
    expect(lines[0]).toBe('3'); // five players to pair: two boards and the bye
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^\d+ 0$/);
    expect(output.stdout).not.toMatch(/\b6\b/);
  });

  it('avoids schoolmates with --groups and explains with --explain / --json', () => {
    const explained = runPairCli(['small.trf', '--groups', 'groups.csv', '--explain'], read);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toMatch(/# bye: /);
    expect(explained.stdout).toMatch(/# 6 left out: bye or absence already entered/);
    const json = JSON.parse(runPairCli(['small.trf', '--groups', 'groups.csv', '--json'], read).stdout);
    expect(json.round).toBe(2);
    expect(json.boards).toHaveLength(2);
    const schools: Record<number, string> = {
      1: 'Loreto',
      2: 'Loreto',
      3: 'Gonzaga',
      4: 'Gonzaga',
      5: 'Belvedere',
    };
    for (const board of json.boards) expect(schools[board.white]).not.toBe(schools[board.black]);
    expect(json.notes.some((note: { kind: string }) => note.kind === 'colour')).toBe(true);
  });

  it('names a file whose XXR is below the rounds it records, rather than calling it complete', () => {
    expect(runPairCli(['short-xxr.trf'], read)).toEqual({
      code: 3,
      stdout: '',
      stderr: 'short-xxr.trf: XXR says 1 rounds but the file records 2 played rounds\n',
    });
    const complete = files['small.trf']!.replace('XXR 3', 'XXR 1');
    expect(
      runPairCli(['complete.trf'], (path) => (path === 'complete.trf' ? complete : read(path))).stderr,
    ).toBe('the tournament is complete: all 1 rounds (XXR) are paired\n');
  });

  it('exits non-zero with a message on bad input', () => {
    expect(runPairCli([], read).code).toBe(2);
    expect(runPairCli(['nope.trf'], read)).toMatchObject({ code: 3, stderr: 'cannot read nope.trf\n' });
    expect(runPairCli(['bad.trf'], read)).toMatchObject({ code: 3 });
    expect(runPairCli(['bad.trf'], read).stderr).toMatch(/^TRF line 2: round 1: opponent 9/);
    expect(runPairCli(['small.trf', '--groups', 'bad.csv'], read).stderr).toMatch(/groups CSV line 1/);
    expect(runPairCli(['small.trf', '--frobnicate'], read).code).toBe(2);
  });

  it('refuses a file that contradicts itself (exit 3), printing every contradiction with its line', () => {
    const contradicting = files['small.trf']!.replace('   4 b 1', '   4 b 0').replace('   2 w 0', '   2 w 1');
    const output = runPairCli(['c.trf'], (path) => (path === 'c.trf' ? contradicting : read(path)));
    expect(output.code).toBe(3);
    expect(output.stdout).toBe('');
    expect(output.stderr.split('\n')).toEqual([
      'the file contradicts itself:',
      'TRF line 4: player 2: the points column (81–84) says 1.0 but the results add up to 0',
      'TRF line 6: player 4: the points column (81–84) says 0.0 but the results add up to 1',
      '',
    ]);
    const bothWin = files['small.trf']!.replace('   2 w 0', '   2 w 1');
    const second = runPairCli(['d.trf'], (path) => (path === 'd.trf' ? bothWin : read(path)));
    expect(second.code).toBe(3);
    expect(second.stderr).toMatch(
      /TRF line 4: round 1: players 2 and 4 \(line 6\) are both recorded as winners/,
    );
  });

  it('refuses a second pairing-allocated bye (exit 1) unless --allow-repeat-bye', () => {
    // Player 5 had the bye in round 1 and may meet nobody (XXP), so only 5 can sit out.
    const text = files['small.trf']!.replace('XXR 3', 'XXR 3\rXXP 5 1\rXXP 5 2\rXXP 5 3\rXXP 5 4');
    const readRepeat = (path: string) => (path === 'r.trf' ? text : read(path));
    const refused = runPairCli(['r.trf'], readRepeat);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/second pairing-allocated bye.*start rank 5; pass --allow-repeat-bye/);
    const allowed = runPairCli(['r.trf', '--allow-repeat-bye'], readRepeat);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout.trim().split('\n').at(-1)).toBe('5 0');
  });

  it('pairs the next round of a real file', () => {
    const output = runPairCli([`${trfFixturesRoot}/real/echecsjs_trf__javafo_sample2.trf`], readTextFile);
    expect(output.code).toBe(0);
    expect(Number(output.stdout.split('\n')[0])).toBeGreaterThan(20);
  });
});

describe('npm run pair, groups naming unknown players', () => {
  it('refuses them with a message', () => {
    const files2: Record<string, string> = { 'g.csv': 'start_rank,school,club\n99,Loreto A,\n' };
    const output = runPairCli(['small.trf', '--groups', 'g.csv'], (path) => files2[path] ?? read(path));
    expect(output).toMatchObject({ code: 3, stderr: 'groups CSV: start_rank 99 not in small.trf\n' });
  });
});

describe('npm run pair with XXP forbidden pairs', () => {
  it('never pairs players listed on one XXP line', () => {
    const base = runPairCli(['small.trf', '--json'], read);
    const withXxp = (path: string) =>
      path === 'xxp.trf' ? files['small.trf']!.replace('XXR 3', 'XXR 3\rXXP 1 2 5') : read(path);
    const json = JSON.parse(runPairCli(['xxp.trf', '--json'], withXxp).stdout);
    expect(base.code).toBe(0);
    const forbidden = new Set([1, 2, 5]);
    for (const board of json.boards)
      expect(forbidden.has(board.white) && forbidden.has(board.black)).toBe(false);
  });
});

describe('npm run pair -- --dutch', () => {
  it("pairs a round exactly as bbpPairings' generator did (pairs, colours, bye)", () => {
    const tournament = parseTrf(readTrfFixture('generated/rtg_021p_09r_s1006.trf'));
    const cut = writeTrf(cutBackTrf(tournament, 7));
    const output = runPairCli(['cut.trf', '--dutch'], () => cut);
    expect(output.code, output.stderr).toBe(0);
    const { boards, byes } = trfRoundPairing(tournament, 7);
    const expected = [
      String(boards.length + byes.length),
      ...boards.map(([white, black]) => `${white} ${black}`),
      ...byes.map((bye) => `${bye} 0`),
    ];
    const lines = output.stdout.trim().split('\n');
    expect(lines[0]).toBe(expected[0]);
    expect(lines.slice(1).sort()).toEqual(expected.slice(1).sort());
    // --round 7 on the whole file pairs the same round from the same history.
    const whole = readTrfFixture('generated/rtg_021p_09r_s1006.trf');
    expect(runPairCli(['whole.trf', '--dutch', '--round', '7'], () => whole).stdout).toBe(output.stdout);
    expect(runPairCli(['whole.trf', '--round', 'x'], () => whole).code).toBe(2);
    const json = JSON.parse(runPairCli(['cut.trf', '--dutch', '--json'], () => cut).stdout);
    expect(json.round).toBe(7);
    expect(json.bye).toBe(byes[0] ?? null);
  });

  it('--explain names the criterion that decided the bye and each downfloater, as the site engine does', () => {
    const tournament = parseTrf(readTrfFixture('generated/rtg_021p_09r_s1006.trf'));
    const cut = writeTrf(cutBackTrf(tournament, 7));
    const dutch = runPairCli(['cut.trf', '--dutch', '--explain'], () => cut);
    expect(dutch.code, dutch.stderr).toBe(0);
    const criterion = /: (C\d+: .+|equal on every criterion: .+)$/;
    const byeLine = dutch.stdout
      .split('\n')
      .find((line) => line.startsWith('# bye: ') && line.includes('against'));
    expect(byeLine).toMatch(criterion);
    // The site engine pairs this file the same way (no schools) and names the same criterion per floater.
    const site = runPairCli(['cut.trf', '--explain'], () => cut);
    const floats = (text: string, pattern: RegExp) =>
      text
        .split('\n')
        .flatMap((line) => {
          const found = pattern.exec(line);
          return found ? [`${found[1]} ${found[2]}`] : [];
        })
        .sort();
    const fromDutch = floats(dutch.stdout, /^# (\d+) floats down to \d+: (C\d+|equal)/);
    const fromSite = floats(
      site.stdout,
      /^# board \d+: (\d+) floats down by [\d.]+ point\(s\)(?:, again)?: (C\d+|equal)/,
    );
    expect(fromDutch.length).toBeGreaterThan(0);
    expect(fromSite).toEqual(fromDutch);
  });

  it('refuses school groups with --dutch (exit 2)', () => {
    const output = runPairCli(['small.trf', '--dutch', '--groups', 'groups.csv'], read);
    expect(output.code).toBe(2);
    expect(output.stderr).toContain("--dutch pairs by FIDE's rules alone");
  });
});

describe("docs/pairing.md's worked example of each criterion", () => {
  // Each row of the table names a file, a round and a line `--dutch --explain` prints for it.
  const docs = readFileSync(join(__dirname, '..', 'docs', 'pairing.md'), 'utf8');
  const rows = [...docs.matchAll(/^\| ([^|]+) \| `([^`]+\.trf)` round (\d+) \| `(# [^`]+)` \|$/gm)];

  it('lists an example for every criterion a reference round was decided by', () => {
    const criteria = rows.map((row) => row[1]!.split(' ')[0]);
    for (const criterion of REFERENCE_DECIDING_CRITERIA) expect(criteria).toContain(criterion);
  });

  it.each(rows.map((row) => [row[1]!, row[2]!, row[3]!, row[4]!]))(
    '%s: %s round %s prints it',
    (_, file, round, line) => {
      const output = runPairCli([file, '--round', round, '--dutch', '--explain'], (path) =>
        readTextFile(join(trfFixturesRoot, path)),
      );
      expect(output.code, output.stderr).toBe(0);
      expect(output.stdout.split('\n').some((printed) => printed.startsWith(line))).toBe(true);
    },
  );
});
