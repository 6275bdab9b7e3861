import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportFileName, streamCsv, type ExportProgress, type PageReader } from '@/components/data-table/csv-export';
import { resourceApi } from '@/components/data-table/resource-api';
import { listSearchSchema, type ListSearch } from '@/components/data-table/list-search';
import { parseCsv, toCsv, type CsvColumn } from '@/lib/csv';

interface Row {
  id: number;
  name: string;
}

const columns: CsvColumn<Row>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
];

const makeRows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: i % 7 === 0 ? `=cmd|${i}` : `Customer, "${i}"\nline two` }));

/** A fake list API: the rows in pages of `pageSize`, read one call at a time. */
function fakeReader(rows: Row[], pageSize: number, onRead?: (page: number) => void): PageReader<Row> {
  return async (onPage, signal) => {
    const pages = Math.ceil(rows.length / pageSize);
    for (let page = 1; page <= Math.max(pages, 1); page++) {
      signal.throwIfAborted();
      onRead?.(page);
      const slice = rows.slice((page - 1) * pageSize, page * pageSize);
      await onPage(slice, { done: Math.min(page * pageSize, rows.length), total: rows.length });
    }
    return rows.length;
  };
}

const noYield = () => Promise.resolve();

async function text(file: Blob): Promise<string> {
  // ignoreBOM: keep the byte-order mark in the text, to check it is there.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
}

describe('streamed CSV export', () => {
  it('joins the pages into the same file toCsv makes of all rows, with one header line', async () => {
    const rows = makeRows(2500);
    const downloads: Array<{ file: Blob; fileName: string }> = [];
    const progress: ExportProgress[] = [];
    const result = await streamCsv({
      readPages: fakeReader(rows, 1000),
      columns,
      fileName: 'orders-2026-05-01.csv',
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
      download: (file, fileName) => downloads.push({ file, fileName }),
      yieldToUi: noYield,
    });

    expect(result).toEqual({ state: 'done', rows: 2500 });
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.fileName).toBe('orders-2026-05-01.csv');
    expect(downloads[0]!.file.type).toBe('text/csv;charset=utf-8');
    const content = await text(downloads[0]!.file);
    // A byte-order mark, then exactly the single-string export (formula cells escaped, quoting kept).
    expect(content).toBe(`\ufeff${toCsv(rows, columns)}`);
    expect(content.startsWith('\ufeffid,name\r\n')).toBe(true);
    expect(content.split('\r\n').filter((line) => line.endsWith('id,name'))).toHaveLength(1);
    const parsed = parseCsv(content.replace(/^\ufeff/, ''));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toHaveLength(2500);
    expect(parsed.rows[1000]).toEqual({ id: '1001', name: 'Customer, "1000"\nline two' });
    expect(parsed.rows[7]!.name).toBe('=cmd|7');
    expect(progress).toEqual([
      { done: 1000, total: 2500 },
      { done: 2000, total: 2500 },
      { done: 2500, total: 2500 },
    ]);
  });

  it('writes just the header for a filter matching nothing', async () => {
    const download = vi.fn<(file: Blob, fileName: string) => void>();
    const result = await streamCsv({ readPages: fakeReader([], 1000), columns, fileName: 'x.csv', signal: new AbortController().signal, download, yieldToUi: noYield });
    expect(result).toEqual({ state: 'done', rows: 0 });
    expect(await text(download.mock.calls[0]![0])).toBe('\ufeffid,name');
  });

  it('yields to the page between pages', async () => {
    const events: string[] = [];
    await streamCsv({
      readPages: fakeReader(makeRows(3000), 1000, (page) => events.push(`read ${page}`)),
      columns,
      fileName: 'x.csv',
      signal: new AbortController().signal,
      download: () => events.push('download'),
      yieldToUi: async () => {
        events.push('yield');
      },
    });
    expect(events).toEqual(['read 1', 'yield', 'read 2', 'yield', 'read 3', 'yield', 'download']);
  });

  it('stops reading on Cancel and downloads nothing', async () => {
    const controller = new AbortController();
    const reads: number[] = [];
    const download = vi.fn<(file: Blob, fileName: string) => void>();
    const result = await streamCsv({
      readPages: fakeReader(makeRows(5000), 1000, (page) => reads.push(page)),
      columns,
      fileName: 'x.csv',
      signal: controller.signal,
      // Cancel pressed while the second page is being written.
      onProgress: (p) => {
        if (p.done === 2000) controller.abort();
      },
      download,
      yieldToUi: noYield,
    });
    expect(result).toEqual({ state: 'cancelled' });
    expect(reads).toEqual([1, 2]);
    expect(download).not.toHaveBeenCalled();
  });

  it('reports a failed read and downloads nothing', async () => {
    const download = vi.fn<(file: Blob, fileName: string) => void>();
    const failing: PageReader<Row> = async (onPage) => {
      await onPage(makeRows(1000), { done: 1000, total: 3000 });
      throw new Error('The offline back end is not running yet; reload the page.');
    };
    await expect(streamCsv({ readPages: failing, columns, fileName: 'x.csv', signal: new AbortController().signal, download, yieldToUi: noYield })).rejects.toThrow(
      'The offline back end is not running yet',
    );
    expect(download).not.toHaveBeenCalled();
  });

  it('names the file after the resource and the day', () => {
    expect(exportFileName('orders', new Date('2026-03-09T12:00:00Z'))).toBe('orders-2026-03-09.csv');
  });
});

describe('resourceApi.eachPage', () => {
  const search: ListSearch = listSearchSchema(['new', 'pending'] as const, ['createAt', 'totalAmount'] as const, { payment: ['Paypal', 'Visa Card'] as const }, { from: 'from', to: 'to' }).parse({
    status: 'pending',
    payment: 'Visa Card',
    from: '2026-01-01',
    to: '2026-01-31',
    sort: 'totalAmount',
    order: 'desc',
    page: '4',
  });

  /** A fake /api/orders answering `total` rows in the pages asked for; records each request it answers (an aborted one is not sent). */
  function fakeOrdersEndpoint(total: number, requests: URLSearchParams[]) {
    return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      init?.signal?.throwIfAborted();
      requests.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const ids = Array.from({ length: Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)) }, (_, i) => (page - 1) * pageSize + i + 1);
      const meta = { page, pageSize, total, totalPages: Math.ceil(total / pageSize), firstIndex: (page - 1) * pageSize, lastIndex: (page - 1) * pageSize + ids.length };
      return new Response(JSON.stringify({ orders: ids.map((id) => ({ id, name: `Order ${id}` })), meta }), { headers: { 'content-type': 'application/json' } });
    });
  }

  afterEach(() => vi.unstubAllGlobals());

  it('reads every page of 1000 with the list filters, handing each page over as it comes', async () => {
    const requests: URLSearchParams[] = [];
    vi.stubGlobal('fetch', fakeOrdersEndpoint(2345, requests));
    const pages: Array<{ first: number | undefined; count: number; done: number; total: number }> = [];
    const read = await resourceApi<Row>('/api/orders', 'orders').eachPage(search, (rows, { done, total }) => {
      pages.push({ first: rows[0]?.id, count: rows.length, done, total });
    });
    expect(read).toBe(2345);
    expect(pages).toEqual([
      { first: 1, count: 1000, done: 1000, total: 2345 },
      { first: 1001, count: 1000, done: 2000, total: 2345 },
      { first: 2001, count: 345, done: 2345, total: 2345 },
    ]);
    expect(requests.map((q) => q.get('page'))).toEqual(['1', '2', '3']);
    for (const query of requests) {
      expect(Object.fromEntries(query)).toMatchObject({ pageSize: '1000', status: 'pending', payment: 'Visa Card', from: '2026-01-01', to: '2026-01-31', sort: 'totalAmount', order: 'desc' });
    }
  });

  it('stops asking for pages once aborted', async () => {
    const requests: URLSearchParams[] = [];
    vi.stubGlobal('fetch', fakeOrdersEndpoint(10_000, requests));
    const controller = new AbortController();
    const reading = resourceApi<Row>('/api/orders', 'orders').eachPage(
      search,
      (_rows, { done }) => {
        if (done === 2000) controller.abort();
      },
      controller.signal,
    );
    await expect(reading).rejects.toThrow();
    // Page 3, asked for ahead while page 2 was handed over, goes out with the aborted signal: it is never answered.
    expect(requests.map((q) => q.get('page'))).toEqual(['1', '2']);
  });
});
