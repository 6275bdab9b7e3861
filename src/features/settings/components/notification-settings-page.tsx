import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notificationSettingsSchema, type NotificationSettings } from '@schema/settings';
import type { NotificationGroup } from '@schema/values';
import { SwitchField } from '@/components/form/switch-field';
import { notify } from '@/lib/notify';
import { patchSettings } from '../api';
import { SettingsLoader } from './settings-loader';
import { SettingsSection } from '@/components/settings-section';
import { useT } from '@/i18n/i18n';

/** The groups whose events the header's bell shows; the others are emails. */
const headerGroups = ['orders', 'stock', 'reviews'] as const satisfies readonly NotificationGroup[];
const emailGroups = ['security', 'newsletters', 'meetups'] as const satisfies readonly NotificationGroup[];

/** Settings → Notifications: one switch per group, each saved as soon as it is flipped. */
export function NotificationSettingsPage() {
  const t = useT('settings');
  return (
    <SettingsSection title={t('settings.notifications.title')} description={t('settings.notifications.description')}>
      <SettingsLoader>{(settings) => <NotificationSwitches saved={settings.notifications} />}</SettingsLoader>
    </SettingsSection>
  );
}

function NotificationSwitches({ saved }: { saved: NotificationSettings }) {
  const t = useT('settings');
  const form = useForm<NotificationSettings>({ resolver: zodResolver(notificationSettingsSchema), defaultValues: saved });
  // Flips are saved one after another, each with the switches as they are when it is sent,
  // so a quick second flip is neither lost nor overtaken by the first one's answer.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const lastSaved = useRef(saved);

  const flip = (group: NotificationGroup, on: boolean) => {
    form.setValue(group, on, { shouldDirty: true });
    const message = t('settings.notifications.turned', { group, on: on ? 'yes' : 'no' });
    const save = form.handleSubmit(async (values) => {
      const request = patchSettings({ notifications: values });
      notify.promise(request, { loading: t('settings.saving'), success: message, error: (e) => (e instanceof Error ? e.message : t('settings.savingFailed')) });
      lastSaved.current = (await request).notifications;
    });
    queue.current = queue.current.then(() => save()).catch(() => form.reset(lastSaved.current));
  };

  const switches = (groups: readonly NotificationGroup[]) =>
    groups.map((group) => (
      <li key={group} className="py-3">
        <Controller
          control={form.control}
          name={group}
          render={({ field }) => (
            <SwitchField
              ref={field.ref}
              label={t('settings.notifications.label', { group })}
              description={t('settings.notifications.hint', { group })}
              checked={field.value}
              onChange={(on) => flip(group, on)}
              onBlur={field.onBlur}
            />
          )}
        />
      </li>
    ));

  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label={t('settings.notifications.form')} className="max-w-2xl space-y-6">
      <fieldset>
        <legend className="text-lg font-semibold">{t('settings.notifications.inApp')}</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.notifications.inAppHint')}</p>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">{switches(headerGroups)}</ul>
      </fieldset>
      <fieldset>
        <legend className="text-lg font-semibold">{t('settings.notifications.byEmail')}</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.notifications.byEmailHint')}</p>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">{switches(emailGroups)}</ul>
      </fieldset>
    </form>
  );
}
