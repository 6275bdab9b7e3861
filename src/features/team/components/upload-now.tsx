import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { useAction } from '@/lib/run-action';
import { uploadOwnData, type UploadCounts } from '@/lib/shop-sync';
import { ownDataWords } from '@/lib/sync-words';

/** For an empty shop this device works on: start it with this device's data now (a creation's upload that failed, or a shop made elsewhere). */
export function UploadNow({ counts, shopName, onDone }: { counts: UploadCounts; shopName: string; onDone: () => void }) {
  const t = useT('team');
  const { busy, run } = useAction();
  const upload = () => run(uploadOwnData, ({ queued }) => t('team.uploadNow.done', { shop: shopName, count: queued }), onDone);
  return (
    <div className="w-full space-y-2 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800">
      <p>
        {t('team.uploadNow.intro', { shop: shopName, data: ownDataWords(counts) })}
        {counts.onlySampleData && ` ${t('team.uploadNow.samples')}`}
      </p>
      <Button variant="primary" disabled={busy} onClick={() => void upload()}>
        {t('team.uploadNow.button', { busy: busy ? 'yes' : 'no' })}
      </Button>
    </div>
  );
}
