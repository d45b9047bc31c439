/**
 * The players file staff import and export (player management): a header row naming the columns, then one
 * player per row. Import reads `name` (required), `team` (the group name, e.g. "St Kevin's A"; `group` and
 * `group_name` are accepted too), `rating` and `club`, in any order; the export's extra columns (`id`,
 * `active`, `points`, `checked_in`, `school`) are ignored, so an exported file imports into another
 * tournament. Every problem is reported with its line, so a whole file can be corrected at once.
 */
import { type CsvDelimiter, CsvSyntaxError, detectCsvDelimiter, formatCsv, parseCsv } from './csv';
import { normalizeName } from './names';

export const PLAYER_FIELD_LIMITS = { name: 100, groupName: 100, club: 100, ratingMax: 3500 } as const;
/** More rows than any school event needs (the real one has 352): a bigger file is a mistake. */
export const PLAYERS_CSV_MAX_ROWS = 2000;

export interface PlayerCsvRow {
  line: number;
  name: string;
  groupName: string | null;
  rating: number | null;
  club: string | null;
}

export interface PlayerCsvIssue {
  /** 1-based line of the file (1 is the header). */
  line: number;
  message: string;
}

export interface PlayersCsv {
  rows: PlayerCsvRow[];
  errors: PlayerCsvIssue[];
  delimiter: CsvDelimiter;
}

type Column = 'name' | 'groupName' | 'rating' | 'club';
const COLUMN_NAMES: Record<string, Column | null> = {
  name: 'name',
  team: 'groupName',
  group: 'groupName',
  group_name: 'groupName',
  rating: 'rating',
  club: 'club',
  id: null,
  active: null,
  points: null,
  checked_in: null,
  school: null,
};

/** Spaces collapsed and trimmed; a leading apostrophe our export adds before =, +, -, @ removed. */
export function cleanPlayerText(value: string): string {
  return value
    .replace(/^'(?=[=+\-@])/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Two players are the same entry when name and team match, ignoring case, accents and spacing. */
export function playerKey(name: string, groupName: string | null): string {
  return `${normalizeName(name)}\u0000${normalizeName(groupName ?? '')}`;
}

/** A rating: blank for unrated, else a whole number from 0 to 3500. */
export function parseRating(text: string): { rating: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { rating: null };
  if (!/^\d{1,4}$/.test(trimmed) || Number(trimmed) > PLAYER_FIELD_LIMITS.ratingMax) {
    return { error: `rating "${trimmed}" must be a whole number from 0 to ${PLAYER_FIELD_LIMITS.ratingMax}` };
  }
  return { rating: Number(trimmed) };
}

function readHeader(fields: string[]): { columns: (Column | null)[]; errors: string[] } {
  const errors: string[] = [];
  const seen = new Set<Column>();
  const columns = fields.map((field) => {
    const name = field.toLowerCase().replace(/\s+/g, '_');
    if (!(name in COLUMN_NAMES)) {
      errors.push(`unknown column "${field}" (use name, team, rating, club)`);
      return null;
    }
    const column = COLUMN_NAMES[name] ?? null;
    if (column !== null && seen.has(column)) errors.push(`column "${field}" is given twice`);
    if (column !== null) seen.add(column);
    return column;
  });
  if (!seen.has('name')) errors.push('the header row needs a "name" column (name, team, rating, club)');
  return { columns, errors };
}

/** Parses a players file; never throws: the rows that are valid, and every problem with its line. */
export function parsePlayersCsv(text: string): PlayersCsv {
  const delimiter = detectCsvDelimiter(text);
  const rows: PlayerCsvRow[] = [];
  const errors: PlayerCsvIssue[] = [];
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text, delimiter);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { rows, errors: [{ line: error.line, message: 'a quoted field is not closed' }], delimiter };
  }
  const [head, ...body] = records;
  if (!head) return { rows, errors: [{ line: 1, message: 'the file is empty' }], delimiter };
  const header = readHeader(head.fields);
  if (header.errors.length > 0) {
    return { rows, errors: header.errors.map((message) => ({ line: head.line, message })), delimiter };
  }
  if (body.length === 0) {
    return {
      rows,
      errors: [{ line: head.line, message: 'the file has no players below the header' }],
      delimiter,
    };
  }
  if (body.length > PLAYERS_CSV_MAX_ROWS) {
    return {
      rows,
      errors: [
        { line: head.line, message: `the file has ${body.length} rows; at most ${PLAYERS_CSV_MAX_ROWS}` },
      ],
      delimiter,
    };
  }
  const firstLineOf = new Map<string, number>();
  for (const record of body) {
    const problems: string[] = [];
    if (record.fields.length > header.columns.length) {
      problems.push(`${record.fields.length} fields but the header has ${header.columns.length}`);
    }
    const value = (column: Column): string => {
      const index = header.columns.indexOf(column);
      return index < 0 ? '' : cleanPlayerText(record.fields[index] ?? '');
    };
    const name = value('name');
    const groupName = value('groupName');
    const club = value('club');
    if (name === '') problems.push('name is missing');
    if (name.length > PLAYER_FIELD_LIMITS.name) {
      problems.push(`name is longer than ${PLAYER_FIELD_LIMITS.name} characters`);
    }
    if (groupName.length > PLAYER_FIELD_LIMITS.groupName) {
      problems.push(`team is longer than ${PLAYER_FIELD_LIMITS.groupName} characters`);
    }
    if (club.length > PLAYER_FIELD_LIMITS.club) {
      problems.push(`club is longer than ${PLAYER_FIELD_LIMITS.club} characters`);
    }
    const rating = parseRating(value('rating'));
    if ('error' in rating) problems.push(rating.error);
    if (name !== '') {
      const key = playerKey(name, groupName);
      const first = firstLineOf.get(key);
      if (first !== undefined) {
        problems.push(`"${name}"${groupName ? ` (${groupName})` : ''} is already on line ${first}`);
      } else firstLineOf.set(key, record.line);
    }
    if (problems.length > 0) {
      for (const message of problems) errors.push({ line: record.line, message });
      continue;
    }
    rows.push({
      line: record.line,
      name,
      groupName: groupName === '' ? null : groupName,
      rating: 'rating' in rating ? rating.rating : null,
      club: club === '' ? null : club,
    });
  }
  return { rows, errors, delimiter };
}

export interface PlayerExportRow {
  id: string;
  name: string;
  groupName: string | null;
  rating: number | null;
  club: string | null;
  active: boolean;
  halfPoints: number;
  checkedIn: boolean;
}

export const PLAYERS_CSV_EXPORT_HEADER = [
  'id',
  'name',
  'team',
  'rating',
  'club',
  'active',
  'points',
  'checked_in',
] as const;

/** Points as a decimal a spreadsheet sums: 5 half-points are "2.5". */
export function formatDecimalPoints(halfPoints: number): string {
  return halfPoints % 2 === 0 ? String(halfPoints / 2) : `${(halfPoints - 1) / 2}.5`;
}

/** The export: the import's columns plus id, active, points and checked_in, comma separated, CRLF lines. */
export function formatPlayersCsv(players: readonly PlayerExportRow[]): string {
  return formatCsv([
    PLAYERS_CSV_EXPORT_HEADER,
    ...players.map((player) => [
      player.id,
      player.name,
      player.groupName,
      player.rating,
      player.club,
      player.active,
      formatDecimalPoints(player.halfPoints),
      player.checkedIn,
    ]),
  ]);
}
