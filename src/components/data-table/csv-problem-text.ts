import { t } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';
import type { CsvProblem } from '@/lib/csv';

/** A line of the import's problem list for one file row: "Row 3: …" (the common catalogue is loaded with the shell). */
export const rowProblemText = (row: number, problems: string) => t('common.import.rowProblem', { row: formatNumber(row), problems });

/** A problem with a CSV file's shape in the current language, with its row when it has one. */
export function csvProblemText(problem: CsvProblem): string {
  const text =
    problem.kind === 'tooFewCells' || problem.kind === 'tooManyCells'
      ? t('common.csv.cellCount', { expected: problem.expected, found: formatNumber(problem.found) })
      : t(CSV_PROBLEM_IDS[problem.kind]);
  return problem.row === undefined ? text : rowProblemText(problem.row, text);
}

const CSV_PROBLEM_IDS = {
  unclosedQuote: 'common.csv.unclosedQuote',
  badQuote: 'common.csv.badQuote',
  delimiter: 'common.csv.delimiter',
} as const;
