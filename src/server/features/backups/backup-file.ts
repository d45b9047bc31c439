import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';

/**
 * The backup file (ADR 025): gzip'd JSON lines.
 *
 *   {"format":"chess-backup","version":1,"createdAt":…,"schemaMigration":…,"tables":{"tournaments":1,…}}
 *   {"table":"tournaments","rows":1}        a section: this many row lines follow
 *   {"id":"…","name":"…",…}                   one line per row, exactly as `row_to_json` wrote it
 *   …
 *   {"end":true,"tables":40,"rows":1234}    the trailer: a file without it was cut short
 *
 * Row lines are never parsed in JavaScript (a bigint or numeric would lose digits): they go back to the
 * database as text. Sections come in foreign-key order, parents first, so a restore inserts in file order.
 */

export const BACKUP_FORMAT = 'chess-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  schemaMigration: z.string().nullable(),
  databaseKind: z.enum(['pglite', 'postgres']),
  /** Rows per table, counted in the snapshot the rows were read from. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export const sectionSchema = z.object({ table: z.string(), rows: z.number().int().nonnegative() }).strict();
export const trailerSchema = z
  .object({ end: z.literal(true), tables: z.number().int(), rows: z.number().int() })
  .strict();

export const sectionLine = (table: string, rows: number) => `${JSON.stringify({ table, rows })}\n`;
export const trailerLine = (tables: number, rows: number) =>
  `${JSON.stringify({ end: true, tables, rows })}\n`;

/** A line that is not what the format says comes next: the file is damaged. */
export class BackupFormatError extends Error {}

/** Parses one structural line (header, section, trailer) with its schema, or says the file is damaged. */
export function parseLine<T>(line: string | undefined, schema: z.ZodType<T>, what: string): T {
  if (line === undefined) throw new BackupFormatError(`the file ends before its ${what}`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFormatError(`the ${what} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BackupFormatError(`the ${what} is not what a backup holds`);
  return parsed.data;
}

/**
 * The file's lines, decompressed as they are read (memory holds one chunk, not the file). A damaged or cut
 * gzip stream rejects (gzip checks its length and CRC at the end), and so the reader's loop fails. `onBytes`
 * sees every byte of the file as read (a restore hashes the very bytes it restores); once the last line has
 * been read, it has seen them all.
 */
export async function* readLines(
  path: string,
  onBytes?: (chunk: Buffer) => void,
): AsyncGenerator<string, void, undefined> {
  const source = createReadStream(path);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  if (onBytes) source.on('data', (chunk) => onBytes(chunk as Buffer));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      rest += decoder.write(chunk as Buffer);
      let start = 0;
      for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
        yield rest.slice(start, end);
        start = end + 1;
      }
      rest = rest.slice(start);
    }
    rest += decoder.end();
    if (rest !== '') yield rest;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}
