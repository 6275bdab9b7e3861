import { Button } from '@/components/button';
import { useAction } from '@/lib/run-action';
import { ownDataWords, uploadOwnData, type UploadCounts } from '@/lib/shop-sync';

/** For an empty shop this device works on: start it with this device's data now (a creation's upload that failed, or a shop made elsewhere). */
export function UploadNow({ counts, shopName, onDone }: { counts: UploadCounts; shopName: string; onDone: () => void }) {
  const { busy, run } = useAction();
  const upload = () => run(uploadOwnData, ({ queued }) => `This device’s data is being uploaded to ${shopName} (${queued.toLocaleString('en-US')} changes).`, onDone);
  return (
    <div className="w-full space-y-2 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800">
      <p>
        {shopName} has no data yet. You can start it with this device’s data: {ownDataWords(counts)}.
        {counts.onlySampleData && ' They are the sample data this device started with.'}
      </p>
      <Button variant="primary" disabled={busy} onClick={() => void upload()}>
        {busy ? 'Uploading…' : 'Upload this device’s data'}
      </Button>
    </div>
  );
}
