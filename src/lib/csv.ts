import Papa from 'papaparse';

/**
 * CSV in and out. A cell starting with = + - @ (or a tab or carriage return) would be run
 * as a formula by a spreadsheet, so export prefixes it with an apostrophe; import removes
 * that prefix again, so an exported file imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^'[=+\-@\t\r]/;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** One CSV document (header line, then one line per row), formula cells escaped. */
export function toCsv<T>(rows: readonly T[], columns: ReadonlyArray<CsvColumn<T>>): string {
  const data = rows.map((row) => columns.map((column) => column.value(row) ?? ''));
  // papaparse's own escapeFormulae regex misses a formula followed by a line break, hence ours.
  return Papa.unparse({ fields: columns.map((c) => c.header), data }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

export interface ParsedCsv {
  headers: string[];
  /** Each data row by header (trimmed headers; cells as text, the export's formula escape undone). */
  rows: Array<Record<string, string>>;
  /** Problems with the file itself (not with the values), with their 1-based line. */
  errors: string[];
}

/** Parses CSV text with a header line; blank lines are skipped. */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    transform: (value) => (ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value),
  });
  const errors = result.errors.map((error) => (error.row === undefined ? error.message : `Row ${error.row + 1}: ${error.message}`));
  return { headers: result.meta.fields ?? [], rows: result.data, errors };
}

