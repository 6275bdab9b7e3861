import { useId } from 'react';
import { useT } from '@/i18n/i18n';
import type { UploadCounts } from '@/lib/shop-sync';
import { ownDataWords } from '@/lib/sync-words';

/** The offer to start a new shop with this device's own data (what it holds, in words). */
export function UploadOffer({ counts, checked, onChange }: { counts: UploadCounts; checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT('team');
  const uploadId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={uploadId} type="checkbox" className="mt-1" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={hintId} />
      <div>
        <label htmlFor={uploadId} className="text-sm font-medium">
          {t('team.uploadOffer.label')}
        </label>
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {t('team.uploadOffer.hint', { data: ownDataWords(counts) })}
          {counts.onlySampleData && ` ${t('team.uploadOffer.samples')}`}
        </p>
      </div>
    </div>
  );
}
