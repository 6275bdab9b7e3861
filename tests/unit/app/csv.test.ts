import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv, type CsvColumn } from '@/lib/csv';
import { csvProblemText } from '@/components/data-table/csv-problem-text';

interface Row {
  name: string;
  phone: string;
  note: string;
}
const columns: CsvColumn<Row>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'phone', value: (r) => r.phone },
  { header: 'note', value: (r) => r.note },
];

describe('CSV export', () => {
  it('escapes every cell that a spreadsheet would run as a formula', () => {
    const csv = toCsv(
      [
        { name: '=HYPERLINK("http://x","click")', phone: '+1 555 0100', note: '-2+3' },
        { name: '@SUM(A1)', phone: '\tcmd', note: '=1\n+2' },
      ],
      columns,
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('name,phone,note');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"",""click"")","'+1 555 0100","'-2+3"`);
    expect(lines[2]).toBe(`"'@SUM(A1)","'\tcmd","'=1\n+2"`);
    // No cell of the document starts with a formula character once parsed by a plain CSV reader.
    for (const cell of csv.split(/,|\r\n/)) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
  });

  it('leaves ordinary text, quotes and commas intact', () => {
    const csv = toCsv([{ name: 'Ann "Jo" Lee, PhD', phone: '555', note: 'a 2-b' }], columns);
    expect(csv.split('\r\n')[1]).toBe('"Ann ""Jo"" Lee, PhD",555,a 2-b');
  });
});

describe('CSV import', () => {
  it('reads rows by header and undoes the formula escape, so an export imports unchanged', () => {
    const rows: Row[] = [
      { name: '=cmd', phone: '+44 20 7946 0000', note: 'line one\nline two' },
      { name: "O'Brien", phone: '555', note: "'quoted" },
    ];
    const parsed = parseCsv(toCsv(rows, columns));
    expect(parsed.errors).toEqual([]);
    expect(parsed.headers).toEqual(['name', 'phone', 'note']);
    expect(parsed.rows).toEqual(rows);
  });

  it('trims headers, skips blank lines and reports malformed rows with their line', () => {
    const parsed = parseCsv(' name ,phone\nAnn,1\n\n"Bob,2\n');
    expect(parsed.headers).toEqual(['name', 'phone']);
    expect(parsed.rows[0]).toEqual({ name: 'Ann', phone: '1' });
    expect(parsed.errors).toContainEqual({ row: expect.any(Number), kind: 'unclosedQuote' });
  });

  it('counts the cells of a row that has fewer or more than the header line names', () => {
    const parsed = parseCsv('name,phone,note\nAnn,1\nBob,2,x,y\n');
    expect(parsed.errors).toEqual([
      { row: 1, kind: 'tooFewCells', expected: 3, found: 2 },
      { row: 2, kind: 'tooManyCells', expected: 3, found: 4 },
    ]);
    expect(parsed.errors.map(csvProblemText)).toEqual(['Row 1: Expected 3 values (one per column), but the row has 2.', 'Row 2: Expected 3 values (one per column), but the row has 4.']);
  });
});
