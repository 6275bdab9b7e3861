import { useEffect, useRef, useState } from 'react';
import { notify } from '@/lib/notify';
import { exportFileName, streamCsv, type ExportProgress } from './csv-export';
import type { ListConfig } from './list-config';
import type { ListSearch } from './list-search';
import { t } from '@/i18n/i18n';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : t('common.error.generic'));

/** A running export: its progress (null until the first page) and its Cancel. */
export interface RunningExport {
  progress: ExportProgress | null;
  controller: AbortController;
}

/**
 * A list's streamed CSV export: the rows the list shows (typed search included) as they were
 * when Export was pressed, with progress and Cancel; leaving the list stops an export running.
 */
export function useCsvExport<T>(config: ListConfig<T>, currentQuery: () => ListSearch) {
  const [running, setRunning] = useState<RunningExport | null>(null);
  const exportRun = useRef<AbortController | null>(null);
  const exportCsv = async () => {
    const exported = currentQuery();
    const controller = new AbortController();
    exportRun.current = controller;
    setRunning({ progress: null, controller });
    try {
      const result = await streamCsv({
        readPages: (onPage, signal) => config.api.eachPage(exported, onPage, signal),
        columns: config.csv.columns,
        fileName: exportFileName(config.resource),
        signal: controller.signal,
        onProgress: (progress) => setRunning((current) => (current?.controller === controller ? { progress, controller } : current)),
      });
      if (result.state === 'done') notify.success(t('common.export.done', { what: t('common.list.count', { kind: config.resource, count: result.rows }), count: result.rows }));
      else notify.info(t('common.export.cancelled'));
    } catch (e) {
      notify.error(t('common.export.failed', { reason: errorMessage(e) }));
    } finally {
      setRunning((current) => (current?.controller === controller ? null : current));
      if (exportRun.current === controller) exportRun.current = null;
    }
  };
  useEffect(() => () => exportRun.current?.abort(), []);
  return { running, exportCsv };
}
