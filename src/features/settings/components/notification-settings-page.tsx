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

/** Each group's switch: its label and one line on what it covers. */
const groupText: Record<NotificationGroup, { label: string; description: string }> = {
  orders: { label: 'Orders', description: 'New and pending orders.' },
  stock: { label: 'Low stock', description: 'Products with 5 or fewer items left.' },
  reviews: { label: 'Reviews', description: 'New reviews of your products.' },
  security: { label: 'Security alerts', description: 'Sign-ins and changes to your account’s security.' },
  newsletters: { label: 'Newsletters', description: 'Product news and tips, about once a month.' },
  meetups: { label: 'Meetups', description: 'Invitations to events and webinars near you.' },
};

/** The groups whose events the header's bell shows; the others are emails. */
const headerGroups = ['orders', 'stock', 'reviews'] as const satisfies readonly NotificationGroup[];
const emailGroups = ['security', 'newsletters', 'meetups'] as const satisfies readonly NotificationGroup[];

/** Settings → Notifications: one switch per group, each saved as soon as it is flipped. */
export function NotificationSettingsPage() {
  return (
    <SettingsSection title="Notifications" description="Choose what you hear about. Each switch is saved as soon as you flip it.">
      <SettingsLoader>{(settings) => <NotificationSwitches saved={settings.notifications} />}</SettingsLoader>
    </SettingsSection>
  );
}

function NotificationSwitches({ saved }: { saved: NotificationSettings }) {
  const form = useForm<NotificationSettings>({ resolver: zodResolver(notificationSettingsSchema), defaultValues: saved });
  // Flips are saved one after another, each with the switches as they are when it is sent,
  // so a quick second flip is neither lost nor overtaken by the first one's answer.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const lastSaved = useRef(saved);

  const flip = (group: NotificationGroup, on: boolean) => {
    form.setValue(group, on, { shouldDirty: true });
    const message = `${groupText[group].label} notifications turned ${on ? 'on' : 'off'}`;
    const save = form.handleSubmit(async (values) => {
      const request = patchSettings({ notifications: values });
      notify.promise(request, { loading: 'Saving…', success: message, error: (e) => (e instanceof Error ? e.message : 'Saving failed') });
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
              label={groupText[group].label}
              description={groupText[group].description}
              checked={field.value}
              onChange={(on) => flip(group, on)}
              onBlur={field.onBlur}
            />
          )}
        />
      </li>
    ));

  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label="Notification settings" className="max-w-2xl space-y-6">
      <fieldset>
        <legend className="text-lg font-semibold">In the app</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">What the bell at the top of every page shows.</p>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">{switches(headerGroups)}</ul>
      </fieldset>
      <fieldset>
        <legend className="text-lg font-semibold">By email</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Kept with your account for the shop’s mail service; this app itself sends no email.
        </p>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">{switches(emailGroups)}</ul>
      </fieldset>
    </form>
  );
}
