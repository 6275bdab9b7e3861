import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { User } from '@schema/user';
import { api } from '@/lib/api-client';
import { customerPreviewAvailable, startCustomerPreview } from '@/lib/customer-preview';
import { useAction } from '@/lib/run-action';
import { useLoad } from '@/lib/use-load';
import { Button } from './button';
import { t, useT } from '@/i18n/i18n';

/** This browser's customers, by name (the demo shop has a few dozen at most). */
const listCustomers = async (signal: AbortSignal) => (await api.get<{ users: User[] }>('/api/users', { pageSize: 1000, sort: 'name' }, signal)).users;

/** Starts the preview as `customerId` and opens the portal. */
export function useCustomerPreviewStart() {
  const navigate = useNavigate();
  const { busy, run } = useAction();
  const start = (customerId: number) =>
    run(
      () => startCustomerPreview(customerId),
      (preview) => t('common.preview.started', { name: preview.name }),
      () => void navigate({ to: '/portal' }),
    );
  return { busy, start };
}

/**
 * The static demo's "See it as a customer": choose one of this browser's customers and see
 * the customer portal as they would, over this browser's data. Nothing in other builds.
 */
export function CustomerPreviewOffer() {
  if (!customerPreviewAvailable) return null;
  return <Offer />;
}

function Offer() {
  const customers = useLoad('preview-customers', listCustomers);
  const [chosen, setChosen] = useState<number | null>(null);
  const { busy, start } = useCustomerPreviewStart();
  const selectId = useId();
  const translate = useT('common');
  const customerId = chosen ?? customers.data?.[0]?.id ?? null;
  return (
    <section aria-labelledby={`${selectId}-heading`} className="rounded-xl border border-indigo-200 bg-indigo-50 p-4 dark:border-indigo-900 dark:bg-indigo-950">
      <h2 id={`${selectId}-heading`} className="text-base font-semibold">
        {translate('common.preview.offer')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {translate('common.preview.offerDescription')}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            {translate('common.preview.customer')}
          </label>
          <select id={selectId} className="input max-w-full" value={customerId ?? ''} disabled={!customers.data} onChange={(event) => setChosen(Number(event.target.value))}>
            {customers.data?.map((user) => (
              <option key={user.id} value={user.id} translate="no">
                {user.name}
              </option>
            ))}
          </select>
        </div>
        <Button variant="primary" disabled={busy || customerId === null} aria-busy={busy} onClick={() => customerId !== null && void start(customerId)}>
          {translate('common.preview.offer')}
        </Button>
      </div>
      {customers.error && <p className="mt-2 text-sm text-red-700 dark:text-red-400">{translate('common.preview.listFailed', { reason: customers.error.message })}</p>}
    </section>
  );
}
