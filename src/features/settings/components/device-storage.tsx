import { useEffect, useState } from 'react';
import { requestPersistentStorage, storageReport, type StorageReport } from '@/pwa/persistent-storage';
import { Button } from '@/components/button';

const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
};

/** How much this device stores for the app, and whether the browser keeps it under pressure. */
export function DeviceStorage() {
  const [report, setReport] = useState<StorageReport | null | 'loading'>('loading');
  const refresh = () => storageReport().then(setReport, () => setReport(null));

  useEffect(() => {
    void refresh();
  }, []);

  return (
    <section aria-labelledby="device-storage-heading" className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="device-storage-heading" className="text-lg font-semibold">
        Storage on this device
      </h2>
      {report === 'loading' ? (
        <p role="status">Measuring…</p>
      ) : report === null ? (
        <p>This browser does not report its storage use.</p>
      ) : (
        <>
          <p data-testid="storage-usage">
            {formatBytes(report.usage)} used of {formatBytes(report.quota)} available
          </p>
          <p>
            {report.persisted
              ? 'Persistent: the browser will not clear this data to free space.'
              : 'Not persistent: the browser may clear this data when the device runs low on space.'}
          </p>
          {!report.persisted && (
            <Button variant="secondary" onClick={() => void requestPersistentStorage().then(refresh)}>
              Keep data on this device
            </Button>
          )}
        </>
      )}
    </section>
  );
}
