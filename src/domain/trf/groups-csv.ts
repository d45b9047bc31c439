/**
 * The CLI's groups file: CSV with the header `start_rank,school,club`, one row per player, giving the team
 * group ("Loreto A"; the school is derived from it) and the club. Quoted fields ("St. Mary's, Cork") work.
 */
import { type CsvRecord, CsvSyntaxError, parseCsv } from '../csv';
import type { PlayerGroups } from './trf-pairing';

export class GroupsCsvError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`groups CSV line ${line}: ${message}`);
    this.name = 'GroupsCsvError';
    this.line = line;
  }
}

export function parseGroupsCsv(text: string): Map<number, PlayerGroups> {
  let records: CsvRecord[];
  try {
    records = parseCsv(text, ',');
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new GroupsCsvError(error.line, 'a quoted field is not closed');
    throw error;
  }
  const [head, ...rows] = records;
  const header = (head?.fields ?? []).map((field) => field.toLowerCase());
  if (head?.line !== 1 || header.join(',') !== 'start_rank,school,club') {
    const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)[0] ?? '';
    throw new GroupsCsvError(1, `the header must be "start_rank,school,club", got "${firstLine}"`);
  }
  const groups = new Map<number, PlayerGroups>();
  for (const { line: lineNo, fields } of rows) {
    if (fields.length !== 3) throw new GroupsCsvError(lineNo, `expected 3 fields, got ${fields.length}`);
    const [rankText, school, club] = fields as [string, string, string];
    if (!/^\d+$/.test(rankText) || Number(rankText) < 1) {
      throw new GroupsCsvError(lineNo, `start_rank "${rankText}" is not a positive whole number`);
    }
    const rank = Number(rankText);
    if (groups.has(rank)) throw new GroupsCsvError(lineNo, `start_rank ${rank} is listed twice`);
    groups.set(rank, { groupName: school === '' ? null : school, club: club === '' ? null : club });
  }
  return groups;
}
