import { useId, type ReactNode } from 'react';

export interface ChartTable {
  /** The two column headings: what a row is, what its figure is ("Day", "Revenue"). */
  columns: readonly [string, ...string[]];
  rows: ReadonlyArray<{ key: string; cells: readonly [string, ...string[]] }>;
}

interface ChartCardProps {
  title: string;
  /** The figures in a visually hidden table (caption: the title), the chart's accessible summary. */
  table: ChartTable;
  /** Set when the period has nothing to draw: the note replaces the chart. */
  emptyNote?: string | undefined;
  /** Beside the title (a figure, a link). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A dashboard chart: the title as the figure's name, the drawing (or, for an empty period,
 * a note saying so rather than a broken chart) and its figures as a visually hidden table.
 */
export function ChartCard({ title, table, emptyNote, aside, className = '', children }: ChartCardProps) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900 ${className}`}>
      <figcaption className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        {aside}
      </figcaption>
      {emptyNote ? (
        <p className="flex min-h-32 items-center justify-center rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">
          {emptyNote}
        </p>
      ) : (
        children
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.cells[0]}</th>
              {row.cells.slice(1).map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
