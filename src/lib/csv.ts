import Papa, { type ParseError } from 'papaparse';

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

/**
 * A problem with the file itself (not with the values), told by kind so the screen words it in
 * its language (src/components/data-table/csv-problem-text.ts); this module stays free of the
 * app's i18n (end-to-end specs read exported files with it in Node).
 */
export type CsvProblem = { row?: number } & (
  | { kind: 'unclosedQuote' | 'badQuote' | 'delimiter' }
  /** A row with fewer or more cells than the header line names: how many of each. */
  | { kind: 'tooFewCells' | 'tooManyCells'; expected: number; found: number }
);

export interface ParsedCsv {
  headers: string[];
  /** Each data row by header (trimmed headers; cells as text, the export's formula escape undone). */
  rows: Array<Record<string, string>>;
  /** Problems with the file itself, `row` the 1-based data row when there is one. */
  errors: CsvProblem[];
}

const PROBLEM_KINDS = {
  MissingQuotes: 'unclosedQuote',
  InvalidQuotes: 'badQuote',
  UndetectableDelimiter: 'delimiter',
  TooFewFields: 'tooFewCells',
  TooManyFields: 'tooManyCells',
} as const;

/** papaparse's error as a problem; its cell counts are only in its English message ("expected 3 fields but parsed 2"). */
function problemOf(error: ParseError, headers: readonly string[]): CsvProblem {
  const row = error.row === undefined ? {} : { row: error.row + 1 };
  const kind = PROBLEM_KINDS[error.code];
  if (kind !== 'tooFewCells' && kind !== 'tooManyCells') return { ...row, kind };
  const counts = /expected (\d+) fields but parsed (\d+)/.exec(error.message);
  return { ...row, kind, expected: Number(counts?.[1] ?? headers.length), found: Number(counts?.[2] ?? 0) };
}

/** Parses CSV text with a header line; blank lines are skipped. */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    transform: (value) => (ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value),
  });
  const headers = result.meta.fields ?? [];
  return { headers, rows: result.data, errors: result.errors.map((error) => problemOf(error, headers)) };
}

