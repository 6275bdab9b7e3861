import { useState, type FormEvent } from 'react';
import type { User } from '@schema/user';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/data-table/list-states';
import { fieldIssuesFromApi } from '@/components/form/api-issues';
import { FormField } from '@/components/form-field';
import { PageLoading } from '@/components/page-loading';
import { useAuth } from '@/auth/auth-state';
import { ApiRequestError } from '@/lib/api-client';
import { isCustomerShop, useChosenShop } from '@/lib/customer-device';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { getMyRecord, saveMyProfile, type ProfileEdit } from './api';
import { useLiveLoad } from '@/lib/use-live-load';
import { useT } from '@/i18n/i18n';

const fields = ['name', 'phone', 'address', 'image'] as const;
type Field = (typeof fields)[number];

/**
 * The customer's profile: the shop's record of them (the one its orders and invoices name). They
 * change their name, phone, address and photo (an https address: a customer uploads no files);
 * the email is the one they sign in with, shown only. The worker checks the fields with the
 * shop's one user schema: its messages show under the fields.
 */
export function MyProfilePage() {
  useT('portal');
  const { user } = useAuth();
  const shop = useChosenShop(user?.uid);
  const customerId = isCustomerShop(shop) ? Number(shop.customerId) : undefined;
  const record = useLiveLoad(`my-record-${customerId ?? 'none'}`, (signal) => (customerId === undefined ? Promise.resolve(undefined) : getMyRecord(customerId, signal)));
  if (record.error && !record.data) return <ErrorState message={messageOf(record.error)} onRetry={record.reload} />;
  if (!record.data) return <PageLoading />;
  // Keyed by the stored values: a change synced from elsewhere starts the form again from them.
  return <ProfileForm key={JSON.stringify(record.data)} record={record.data} />;
}

function ProfileForm({ record }: { record: User }) {
  const t = useT('portal');
  const [values, setValues] = useState<ProfileEdit>({ name: record.name, phone: record.phone, address: record.address, image: record.image });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const changed = fields.some((field) => (values[field] ?? '') !== (record[field] ?? ''));
  const set = (field: Field) => (event: { target: { value: string } }) => setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      await saveMyProfile(record.id, { name: values.name.trim(), phone: values.phone.trim(), address: values.address.trim(), ...(values.image?.trim() ? { image: values.image.trim() } : {}) });
      notify.success(t('portal.profile.saved'));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) {
        const { fieldIssues } = fieldIssuesFromApi(error.issues, fields);
        setErrors(Object.fromEntries(fieldIssues.map((issue) => [issue.field, issue.message])));
      }
      notify.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{t('portal.nav.profile')}</h1>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center gap-4">
          {values.image ? (
            <img src={values.image} alt="" width={64} height={64} referrerPolicy="no-referrer" className="size-16 shrink-0 rounded-full bg-slate-100 object-cover dark:bg-slate-800" />
          ) : null}
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{t('portal.profile.email')}</p>
            <p className="break-all" translate="no">
              {record.email}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('portal.profile.emailHint')}</p>
          </div>
        </div>
        <FormField label={t('portal.profile.name')} name="name" autoComplete="name" required maxLength={100} value={values.name} onChange={set('name')} error={errors.name} />
        <FormField label={t('portal.profile.phone')} name="phone" type="tel" autoComplete="tel" required maxLength={40} value={values.phone} onChange={set('phone')} error={errors.phone} />
        <FormField label={t('portal.profile.address')} name="address" autoComplete="street-address" required maxLength={200} value={values.address} onChange={set('address')} error={errors.address} />
        <FormField label={t('portal.profile.photo')} name="image" type="url" inputMode="url" maxLength={2000} value={values.image ?? ''} onChange={set('image')} error={errors.image} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={busy || !changed}>
            {busy ? t('portal.review.busy') : t('portal.profile.save')}
          </Button>
          <Button type="button" variant="secondary" disabled={busy || !changed} onClick={() => setValues({ name: record.name, phone: record.phone, address: record.address, image: record.image })}>
            {t('portal.profile.discard')}
          </Button>
        </div>
      </form>
    </div>
  );
}
