import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { parseCsv } from '@/lib/csv';
import { notify } from '@/lib/notify';
import { dialogContentClass, dialogOverlayClass } from '@/components/layout/styles';
import type { ListConfig } from './list-config';
import { useReturnFocus } from '../return-focus';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';
import { withData } from '@/components/with-data';
import { csvProblemText, rowProblemText } from './csv-problem-text';

/** The API's bulk limit (rows per import). */
const MAX_ROWS = 5000;
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const PREVIEW_ROWS = 20;

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'invalid'; fileName: string; problems: string[] }
  | { state: 'valid'; fileName: string; headers: string[]; rows: Array<Record<string, string>>; inputs: unknown[] };

/** Groups the API's `<plural>.<index>.<field>` issues into one line per file row. */
export function rowProblems(issues: ApiRequestError['issues'], plural: string): string[] {
  const byRow = new Map<number, string[]>();
  const other: string[] = [];
  for (const issue of issues) {
    const match = new RegExp(`^${plural}\\.(\\d+)(?:\\.(.+))?$`).exec(issue.path);
    if (!match) {
      other.push(`${issue.path}: ${issue.message}`);
      continue;
    }
    const row = Number(match[1]) + 1;
    const list = byRow.get(row) ?? [];
    list.push(match[2] ? `${match[2]}: ${issue.message}` : issue.message);
    byRow.set(row, list);
  }
  return [...[...byRow].sort(([a], [b]) => a - b).map(([row, list]) => rowProblemText(row, list.join('; '))), ...other];
}

/**
 * CSV import: the file is parsed here, checked by the API (a dry run: the same
 * validation as a real write, nothing written), shown as a preview with each bad row
 * named, and only written, all or nothing, when the admin confirms.
 */
export function ImportDialog<T>({
  config,
  toInput,
  open,
  onOpenChange,
}: {
  config: ListConfig<T>;
  /** The list's `csv.toInput` (a list without one has no import). */
  toInput: (row: Record<string, string>) => unknown;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [importing, setImporting] = useState(false);
  const returnFocus = useReturnFocus();
  const fileId = useId();
  const t = useT('common');
  const kind = config.resource;
  const many = (count: number) => t('common.list.count', { kind, count });

  const reset = () => setCheck({ state: 'idle' });

  const readFile = async (file: File) => {
    setCheck({ state: 'checking' });
    const invalid = (problems: string[]) => setCheck({ state: 'invalid', fileName: file.name, problems });
    if (file.size > MAX_FILE_BYTES) return invalid([t('common.import.tooLarge')]);
    const parsed = parseCsv(await file.text());
    if (parsed.errors.length > 0) return invalid(parsed.errors.slice(0, 20).map(csvProblemText));
    const expected = config.csv.columns.filter((c) => !c.exportOnly).map((c) => c.header);
    const missing = expected.filter((h) => !parsed.headers.includes(h));
    if (missing.length > 0) return invalid([t('common.import.missingColumns', { count: missing.length, missing: missing.join(', '), expected: expected.join(', ') })]);
    if (parsed.rows.length === 0) return invalid([t('common.import.noRows')]);
    if (parsed.rows.length > MAX_ROWS) return invalid([t('common.import.tooManyRows', { most: many(MAX_ROWS), count: formatNumber(parsed.rows.length) })]);
    const inputs = parsed.rows.map(toInput);
    try {
      await config.api.bulkInsert(inputs, true);
      setCheck({ state: 'valid', fileName: file.name, headers: parsed.headers, rows: parsed.rows, inputs });
    } catch (error) {
      if (error instanceof ApiRequestError && error.issues.length > 0) return invalid(rowProblems(error.issues, config.resource));
      invalid([error instanceof Error ? error.message : t('common.import.checkFailed')]);
    }
  };

  const confirm = async () => {
    if (check.state !== 'valid' || importing) return;
    setImporting(true);
    try {
      const done = config.api.bulkInsert(check.inputs, false);
      await notify.promise(done, {
        loading: t('common.import.importing', { what: many(check.inputs.length) }),
        success: t('common.import.imported', { what: many(check.inputs.length), count: check.inputs.length }),
        error: (e) => (e instanceof Error ? e.message : t('common.import.failed')),
      });
      reset();
      onOpenChange(false);
    } catch {
      // The toast said why; the dialog stays open with the file.
    } finally {
      setImporting(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (importing) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass('max-w-2xl')} {...returnFocus}>
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{t('common.import.title', { kind })}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            {t('common.import.description', { columns: config.csv.columns.filter((c) => !c.exportOnly).map((c) => c.header).join(', ') })} {config.csv.note}
          </Dialog.Description>
          <div className="mt-4">
            <label htmlFor={fileId} className="block text-sm font-medium">
              {t('common.import.file')}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className="mt-1 block w-full text-sm"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void readFile(file);
              }}
            />
          </div>
          {check.state === 'checking' && (
            <p role="status" className="mt-4 text-sm">
              {t('common.import.checking')}
            </p>
          )}
          {check.state === 'invalid' && (
            <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
              <p className="font-medium">{withData((data) => t('common.import.invalid', data), { file: check.fileName })}</p>
              <ul className="mt-2 list-disc space-y-1 ps-5" data-testid="import-problems">
                {check.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          {check.state === 'valid' && (
            <div className="mt-4 space-y-2">
              <p role="status" className="text-sm">
                {withData((data) => t('common.import.ready', { ...data, what: many(check.rows.length), count: check.rows.length, shown: check.rows.length > PREVIEW_ROWS ? PREVIEW_ROWS : 0 }), { file: check.fileName })}
              </p>
              <div className="max-h-64 overflow-auto rounded border">
                <table className="w-full min-w-max text-left text-xs" aria-label={t('common.import.rows')}>
                  <thead className="bg-slate-50 dark:bg-slate-800">
                    <tr>
                      <th className="px-2 py-1">{t('common.import.row')}</th>
                      {check.headers.map((h) => (
                        <th key={h} className="px-2 py-1">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {check.rows.slice(0, PREVIEW_ROWS).map((row, i) => (
                      <tr key={i} className="border-t" data-testid="import-preview-row">
                        <td className="px-2 py-1">{i + 1}</td>
                        {check.headers.map((h) => (
                          <td key={h} className="px-2 py-1">
                            {row[h]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={importing}>
                {t('common.action.cancel')}
              </Button>
            </Dialog.Close>
            <Button variant="primary" disabled={check.state !== 'valid' || importing} onClick={() => void confirm()}>
              {check.state === 'valid' ? t('common.import.confirm', { what: many(check.rows.length), count: check.rows.length }) : t('common.import.action')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
