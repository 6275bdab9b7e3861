import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { announceChosenShopChange, chooseShop, getOwnDataCounts, ownDataWords, uploadOwnData, type UploadCounts } from '@/lib/shop-sync';
import { useLoad } from '@/lib/use-load';
import type { Shop } from '@domain/contract/sync-protocol';
import { createShop } from '../api';
import { canUseServer } from '../data/permissions';
import { Reason } from './reason';
import { Button } from '@/components/button';

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

/**
 * Creates a shop; when this device has data of its own, offers (on by default) to start the
 * shop with it: the device then works on the new shop and its sync uploads the records (the
 * header's badge counts them down). The device's own data stays as it is.
 */
export function CreateShopForm({ online, onCreated }: { online: boolean; onCreated: (shop: Shop) => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const own = useLoad('own-data', getOwnDataCounts);
  const hasData = (own.data?.total ?? 0) > 0;
  // Undefined until the person decides: then on whenever the device has data of its own (not only the samples it started with).
  const [uploadChoice, setUploadChoice] = useState<boolean | undefined>(undefined);
  const upload = uploadChoice ?? (hasData && own.data?.onlySampleData === false);
  const inputId = useId();
  const reasonId = useId();
  const permission = canUseServer(online);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || busy || !permission.allowed) return;
    setBusy(true);
    try {
      const shop = await createShop(trimmed);
      setName('');
      if (upload && hasData) {
        try {
          await chooseShop(shop.id, shop.name);
          announceChosenShopChange();
          const { queued } = await uploadOwnData();
          notify.success(`Shop “${shop.name}” created. This device now works on it; its data is being uploaded (${queued.toLocaleString('en-US')} changes).`);
        } catch (error) {
          notify.error(`Shop “${shop.name}” was created, but this device’s data was not uploaded: ${messageOf(error)}`);
        }
      } else {
        notify.success(`Shop “${shop.name}” created`);
      }
      onCreated(shop);
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="space-y-2" onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId} className="block text-sm font-medium">
        New shop’s name
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={inputId} className="input min-w-0 flex-1" value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} aria-describedby={permission.allowed ? undefined : reasonId} />
        <Button type="submit" variant="primary" disabled={busy || !permission.allowed || !name.trim()}>
          {busy ? 'Creating…' : 'Create shop'}
        </Button>
      </div>
      {hasData && own.data && <UploadOffer counts={own.data} checked={upload} onChange={setUploadChoice} />}
      <Reason id={reasonId} permission={permission} />
    </form>
  );
}

/** For an empty shop this device works on: start it with this device's data now (a creation's upload that failed, or a shop made elsewhere). */
export function UploadNow({ counts, shopName, onDone }: { counts: UploadCounts; shopName: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    setBusy(true);
    try {
      const { queued } = await uploadOwnData();
      notify.success(`This device’s data is being uploaded to ${shopName} (${queued.toLocaleString('en-US')} changes).`);
      onDone();
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
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
