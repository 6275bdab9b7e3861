import { useEffect, useState } from 'react';
import { requestPersistentStorage, storageReport, type StorageReport } from '@/pwa/persistent-storage';
import { Button } from '@/components/button';
import { formatNumber } from '@/i18n/format';
import { useT } from '@/i18n/i18n';

const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${units[unit]}`;
};

/** How much this device stores for the app, and whether the browser keeps it under pressure. */
export function DeviceStorage() {
  const t = useT('settings');
  const [report, setReport] = useState<StorageReport | null | 'loading'>('loading');
  const refresh = () => storageReport().then(setReport, () => setReport(null));

  useEffect(() => {
    void refresh();
  }, []);

  return (
    <section aria-labelledby="device-storage-heading" className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="device-storage-heading" className="text-lg font-semibold">
        {t('settings.storage.title')}
      </h2>
      {report === 'loading' ? (
        <p role="status">{t('settings.storage.measuring')}</p>
      ) : report === null ? (
        <p>{t('settings.storage.unknown')}</p>
      ) : (
        <>
          <p data-testid="storage-usage">
            {t('settings.storage.usage', { used: formatBytes(report.usage), quota: formatBytes(report.quota) })}
          </p>
          <p>
            {report.persisted
              ? t('settings.storage.persistent')
              : t('settings.storage.notPersistent')}
          </p>
          {!report.persisted && (
            <Button variant="secondary" onClick={() => void requestPersistentStorage().then(refresh)}>
              {t('settings.storage.keep')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
