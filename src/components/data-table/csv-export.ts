import { toCsv, type CsvColumn } from '@/lib/csv';
import { downloadBlob } from '@/lib/download';

export interface ExportProgress {
  /** Rows written so far. */
  done: number;
  /** Rows matching the list's filters (as the last page read said). */
  total: number;
}

/** Reads every matching row a page at a time, handing each page to `onPage` (the list kit's `resourceApi(…).eachPage`). */
export type PageReader<T> = (onPage: (rows: T[], progress: ExportProgress) => void | Promise<void>, signal: AbortSignal) => Promise<unknown>;

export interface StreamCsvOptions<T> {
  readPages: PageReader<T>;
  columns: ReadonlyArray<CsvColumn<T>>;
  fileName: string;
  /** Cancel: stops reading, and nothing is downloaded. */
  signal: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** Starts the file's download (a browser download by default). */
  download?: (file: Blob, fileName: string) => void;
  /** Lets the page paint and handle input between pages. */
  yieldToUi?: () => Promise<void>;
}

export type StreamCsvResult = { state: 'done'; rows: number } | { state: 'cancelled' };

/** A byte-order mark makes spreadsheet programs read the file as UTF-8. */
const BYTE_ORDER_MARK = '\ufeff';

/**
 * Exports every matching row to a CSV file without holding it as one string or freezing
 * the page: each page read (1000 rows) becomes CSV text (`toCsv`, formula cells escaped),
 * stored as a Blob part, and the page gets a task to itself before the next one. The file
 * is the same text `toCsv` would make of all the rows at once (one header line). A cancel
 * (the signal) stops the reads and downloads nothing; any other failure is thrown.
 */
export async function streamCsv<T>({ readPages, columns, fileName, signal, onProgress, download = downloadBlob, yieldToUi = nextTask }: StreamCsvOptions<T>): Promise<StreamCsvResult> {
  // toCsv of no rows is the header line and its line break.
  const headerLine = toCsv([], columns).replace(/\r\n$/, '');
  const parts: BlobPart[] = [BYTE_ORDER_MARK, headerLine];
  let written = 0;
  try {
    await readPages(async (rows, progress) => {
      signal.throwIfAborted();
      if (rows.length > 0) {
        const text = toCsv(rows, columns);
        if (!text.startsWith(`${headerLine}\r\n`)) throw new Error('CSV export: unexpected header');
        // "\r\n" and this page's rows; a Blob per page lets the browser keep the text out of the page's heap.
        parts.push(new Blob([text.slice(headerLine.length)]));
        written += rows.length;
      }
      onProgress?.({ done: written, total: progress.total });
      await yieldToUi();
      signal.throwIfAborted();
    }, signal);
  } catch (failure) {
    if (signal.aborted) return { state: 'cancelled' };
    throw failure;
  }
  if (signal.aborted) return { state: 'cancelled' };
  download(new Blob(parts, { type: 'text/csv;charset=utf-8' }), fileName);
  return { state: 'done', rows: written };
}

/** The export's file name: `<resource>-YYYY-MM-DD.csv` (today). */
export const exportFileName = (resource: string, today = new Date()) => `${resource}-${today.toISOString().slice(0, 10)}.csv`;

/** Gives the browser a turn (to paint, to handle a click on Cancel) before going on. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

