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

/** Starts a download of `text` as a file named `fileName` (no navigation, works offline). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark makes spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
