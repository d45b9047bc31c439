import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, detectCsvDelimiter, formatCsv, formatCsvField, parseCsv } from './csv';
import { formatDecimalPoints, formatPlayersCsv, parsePlayersCsv, playerKey } from './players-csv';
import { GroupsCsvError, parseGroupsCsv } from './trf/groups-csv';

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, skipping blank lines', () => {
    const text = 'a,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', 'z'] },
    ]);
  });

  it('drops a byte-order mark and detects a semicolon header', () => {
    const text = '\uFEFFname;team\n"Ann; B";X A\n';
    expect(detectCsvDelimiter(text)).toBe(';');
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['name', 'team'] },
      { line: 2, fields: ['Ann; B', 'X A'] },
    ]);
    expect(detectCsvDelimiter('name,team;x\n')).toBe(',');
  });

  it('names the line of an unclosed quote', () => {
    expect(() => parseCsv('a,b\n"open,b\nc,d\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n"open,b\nc,d\n');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });

  it('writes fields that read back the same, and defuses spreadsheet formulas', () => {
    const rows = [['plain', 'with, comma', 'a "quote"', 'line\nbreak', null, 7, true]];
    const text = formatCsv(rows);
    expect(parseCsv(text)[0]?.fields).toEqual([
      'plain',
      'with, comma',
      'a "quote"',
      'line\nbreak',
      '',
      '7',
      'true',
    ]);
    expect(formatCsvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(formatCsvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(formatCsvField('-5')).toBe('-5');
  });
});

describe('parseGroupsCsv (through parseCsv)', () => {
  it('still reads the pairing CLI groups file and its errors', () => {
    const groups = parseGroupsCsv('start_rank,school,club\n1,"St. Mary\'s, Cork A",\n2,Loreto B,Club\n');
    expect(groups.get(1)).toEqual({ groupName: "St. Mary's, Cork A", club: null });
    expect(groups.get(2)).toEqual({ groupName: 'Loreto B', club: 'Club' });
    expect(() => parseGroupsCsv('rank,school\n')).toThrow(/groups CSV line 1: the header must be/);
    expect(() => parseGroupsCsv('start_rank,school,club\n1,a,b\n1,c,d\n')).toThrow(GroupsCsvError);
    expect(() => parseGroupsCsv('start_rank,school,club\n"1,a,b\n')).toThrow(/line 2: a quoted field/);
  });
});

describe('parsePlayersCsv', () => {
  it('reads the columns in any order, with aliases, semicolons, quotes and a BOM', () => {
    const parsed = parsePlayersCsv(
      '\uFEFFRating;Group Name;Name;Club\r\n1450;St Kevin\'s A;  Aoife   Byrne ;\r\n;"Loreto; Bray B";Ciara Doyle;Bray Chess Club\r\n',
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Aoife Byrne', groupName: "St Kevin's A", rating: 1450, club: null },
      { line: 3, name: 'Ciara Doyle', groupName: 'Loreto; Bray B', rating: null, club: 'Bray Chess Club' },
    ]);
  });

  it('reports every bad row with its line and the reason', () => {
    const parsed = parsePlayersCsv(
      [
        'name,team,rating,club',
        'Good One,Team A,1200,',
        ',Team A,1100,',
        'Bad Rating,Team A,12a,',
        'Too High,Team A,4000,',
        'good one,TEAM A,1000,',
        'Extra,Team A,1000,x,y',
      ].join('\n'),
    );
    expect(parsed.rows.map((row) => row.name)).toEqual(['Good One']);
    expect(parsed.errors).toEqual([
      { line: 3, message: 'name is missing' },
      { line: 4, message: 'rating "12a" must be a whole number from 0 to 3500' },
      { line: 5, message: 'rating "4000" must be a whole number from 0 to 3500' },
      { line: 6, message: '"good one" (TEAM A) is already on line 2' },
      { line: 7, message: '5 fields but the header has 4' },
    ]);
  });

  it('refuses a file without a usable header or without players', () => {
    expect(parsePlayersCsv('').errors).toEqual([{ line: 1, message: 'the file is empty' }]);
    expect(parsePlayersCsv('team,rating\nA,1\n').errors[0]?.message).toMatch(/needs a "name" column/);
    expect(parsePlayersCsv('name,colour\nA,w\n').errors[0]?.message).toMatch(/unknown column "colour"/);
    expect(parsePlayersCsv('name,team,name\n').errors[0]?.message).toMatch(/given twice/);
    expect(parsePlayersCsv('name,team\n\n').errors).toEqual([
      { line: 1, message: 'the file has no players below the header' },
    ]);
    expect(parsePlayersCsv('name\n"unclosed\n').errors).toEqual([
      { line: 2, message: 'a quoted field is not closed' },
    ]);
  });

  it('imports its own export (extra columns ignored, formula guard removed)', () => {
    const exported = formatPlayersCsv([
      {
        id: 'p1',
        name: '=Odd Name',
        groupName: 'Team, A',
        rating: 1500,
        club: null,
        active: false,
        halfPoints: 5,
        checkedIn: true,
      },
    ]);
    expect(exported).toBe(
      `id,name,team,rating,club,active,points,checked_in\r\np1,'=Odd Name,"Team, A",1500,,false,2.5,true\r\n`,
    );
    expect(parsePlayersCsv(exported)).toMatchObject({
      errors: [],
      rows: [{ name: '=Odd Name', groupName: 'Team, A', rating: 1500, club: null }],
    });
  });

  it('keys players by name and team without case, accents or spacing', () => {
    expect(playerKey('Judit  Polgár', 'St A')).toBe(playerKey('judit polgar', 'ST A'));
    expect(playerKey('Judit Polgár', 'St A')).not.toBe(playerKey('Judit Polgár', 'St B'));
    expect(formatDecimalPoints(0)).toBe('0');
    expect(formatDecimalPoints(7)).toBe('3.5');
  });
});
