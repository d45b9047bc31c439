/**
 * The CLI's groups file: CSV with the header `start_rank,school,club`, one row per player, giving the team
 * group ("Loreto A"; the school is derived from it) and the club. Quoted fields ("St. Mary's, Cork") work.
 */
import type { PlayerGroups } from './trf-pairing';

export class GroupsCsvError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`groups CSV line ${line}: ${message}`);
    this.name = 'GroupsCsvError';
    this.line = line;
  }
}

function splitCsvLine(line: string, lineNo: number): string[] {
  const fields: string[] = [];
  let current = '';
  let isQuoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (isQuoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else current += char;
    } else if (char === '"' && current === '') isQuoted = true;
    else if (char === ',') {
      fields.push(current);
      current = '';
    } else current += char;
  }
  if (isQuoted) throw new GroupsCsvError(lineNo, 'a quoted field is not closed');
  fields.push(current);
  return fields.map((field) => field.trim());
}

export function parseGroupsCsv(text: string): Map<number, PlayerGroups> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const header = splitCsvLine(lines[0] ?? '', 1).map((field) => field.toLowerCase());
  if (header.join(',') !== 'start_rank,school,club') {
    throw new GroupsCsvError(1, `the header must be "start_rank,school,club", got "${lines[0] ?? ''}"`);
  }
  const groups = new Map<number, PlayerGroups>();
  lines.slice(1).forEach((line, index) => {
    const lineNo = index + 2;
    if (line.trim() === '') return;
    const fields = splitCsvLine(line, lineNo);
    if (fields.length !== 3) throw new GroupsCsvError(lineNo, `expected 3 fields, got ${fields.length}`);
    const [rankText, school, club] = fields as [string, string, string];
    if (!/^\d+$/.test(rankText) || Number(rankText) < 1) {
      throw new GroupsCsvError(lineNo, `start_rank "${rankText}" is not a positive whole number`);
    }
    const rank = Number(rankText);
    if (groups.has(rank)) throw new GroupsCsvError(lineNo, `start_rank ${rank} is listed twice`);
    groups.set(rank, { groupName: school === '' ? null : school, club: club === '' ? null : club });
  });
  return groups;
}
