import { useId, useState, type FormEvent } from 'react';
import type { Shop } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { t as translate, useT } from '@/i18n/i18n';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useAction } from '@/lib/run-action';
import { chooseShop, getOwnDataCounts, uploadOwnData } from '@/lib/shop-sync';
import { announceChosenShopChange } from '@/lib/chosen-shop';
import { useLoad } from '@/lib/use-load';
import { createShop } from '../api';
import { canUseServer } from '../data/permissions';
import { Reason } from './reason';
import { UploadOffer } from './upload-offer';

/**
 * Makes the new shop this device's and queues this device's data for it: the success toast's
 * text, or null once a failure is told (the shop exists either way, so the creation goes on).
 */
async function startWithOwnData(shop: Shop): Promise<string | null> {
  try {
    await chooseShop(shop);
    announceChosenShopChange();
    const { queued } = await uploadOwnData();
    return translate('team.create.createdUploading', { shop: shop.name, count: queued });
  } catch (error) {
    notify.error(translate('team.create.uploadFailed', { shop: shop.name, error: messageOf(error) }));
    return null;
  }
}

/**
 * Creates a shop; when this device has data of its own, offers (on by default) to start the
 * shop with it: the device then works on the new shop and its sync uploads the records (the
 * header's badge counts them down). The device's own data stays as it is.
 */
export function CreateShopForm({ online, onCreated }: { online: boolean; onCreated: (shop: Shop) => void }) {
  const t = useT('team');
  const [name, setName] = useState('');
  const { busy, run } = useAction();
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
    if (!trimmed || !permission.allowed) return;
    await run(
      async () => {
        const shop = await createShop(trimmed);
        setName('');
        return { shop, text: upload && hasData ? await startWithOwnData(shop) : t('team.create.created', { shop: shop.name }) };
      },
      ({ text }) => text,
      ({ shop }) => onCreated(shop),
    );
  };

  return (
    <form className="space-y-2" onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId} className="block text-sm font-medium">
        {t('team.create.label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={inputId} className="input min-w-0 flex-1" value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} aria-describedby={permission.allowed ? undefined : reasonId} />
        <Button type="submit" variant="primary" disabled={busy || !permission.allowed || !name.trim()}>
          {t('team.create.button', { busy: busy ? 'yes' : 'no' })}
        </Button>
      </div>
      {hasData && own.data && <UploadOffer counts={own.data} checked={upload} onChange={setUploadChoice} />}
      <Reason id={reasonId} permission={permission} />
    </form>
  );
}
