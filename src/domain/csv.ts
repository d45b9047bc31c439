/**
 * CSV as spreadsheets write it (RFC 4180 and the European variant): comma or semicolon separated, fields in
 * double quotes may hold the separator, line breaks and doubled quotes (""). A UTF-8 byte-order mark is
 * dropped. Pure: the players import/export and the pairing CLI's groups file both read through here.
 */

export type CsvDelimiter = ',' | ';';

export interface CsvRecord {
  /** 1-based line number where the record starts (a quoted line break makes a record span lines). */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`CSV line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
    this.line = line;
  }
}

/** The separator of the header line: a semicolon when it has more of them than commas (outside quotes). */
export function detectCsvDelimiter(text: string): CsvDelimiter {
  let commas = 0;
  let semicolons = 0;
  let isQuoted = false;
  for (const char of text.replace(/^\uFEFF/, '')) {
    if (char === '"') isQuoted = !isQuoted;
    else if (isQuoted) continue;
    else if (char === '\n' || char === '\r') break;
    else if (char === ',') commas += 1;
    else if (char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Splits a CSV text into records of trimmed fields. Blank lines are skipped. An unclosed quote throws
 * CsvSyntaxError naming the line where the field began.
 */
export function parseCsv(text: string, delimiter: CsvDelimiter = detectCsvDelimiter(text)): CsvRecord[] {
  const source = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let current = '';
  let isQuoted = false;
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endField = () => {
    fields.push(wasQuoted ? current : current.trim());
    current = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index] as string;
    if (isQuoted) {
      if (char === '"' && source[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        if (char === '\n' || (char === '\r' && source[index + 1] !== '\n')) line += 1;
        current += char;
      }
      continue;
    }
    if (char === '"' && current.trim() === '') {
      isQuoted = true;
      wasQuoted = true;
      quoteLine = line;
      current = '';
    } else if (char === delimiter) {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (wasQuoted) {
      // Text after a closing quote ("a"b): keep it, as spreadsheets do, rather than lose it.
      if (char.trim() !== '') current += char;
    } else {
      current += char;
    }
  }
  if (isQuoted) throw new CsvSyntaxError(quoteLine, 'a quoted field is not closed');
  endRecord();
  return records;
}

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break. A field a spreadsheet would run
 * as a formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe (OWASP "CSV
 * injection"), except plain numbers such as -5.
 */
export function formatCsvField(
  value: string | number | boolean | null,
  delimiter: CsvDelimiter = ',',
): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) {
    text = `'${text}`;
  }
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF (RFC 4180), ending with one. */
export function formatCsv(
  rows: readonly (readonly (string | number | boolean | null)[])[],
  delimiter: CsvDelimiter = ',',
): string {
  return (
    rows.map((row) => row.map((field) => formatCsvField(field, delimiter)).join(delimiter)).join('\r\n') +
    '\r\n'
  );
}
