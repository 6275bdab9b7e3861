import { useId } from 'react';
import { ownDataWords, type UploadCounts } from '@/lib/shop-sync';

/** The offer to start a new shop with this device's own data (what it holds, in words). */
export function UploadOffer({ counts, checked, onChange }: { counts: UploadCounts; checked: boolean; onChange: (checked: boolean) => void }) {
  const uploadId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={uploadId} type="checkbox" className="mt-1" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={hintId} />
      <div>
        <label htmlFor={uploadId} className="text-sm font-medium">
          Start it with this device’s data
        </label>
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          Copies {ownDataWords(counts)} to the new shop, so your team sees them; this device then works on the shop. Your own data stays on this device.
          {counts.onlySampleData && ' This device holds only the sample data it started with: leave this off unless you want the samples in the shop.'}
        </p>
      </div>
    </div>
  );
}
