import { useEffect, useRef } from 'react';
import { useAuth } from '@/auth/auth-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { chooseLocale } from '@/i18n/choose-locale';
import { readLocaleChoice, useLocaleChoice } from '@/i18n/locale-setting';
import { getSettings, patchSettings } from '../api';
import { followAccountChoice, keepWithAccount, writeSeenChoice, type LanguageChoice } from './account-locale';

/**
 * The language remembered per account (settings' `preferences.locale`, GET/PATCH /api/settings):
 * a language chosen on this device (the header's menu, Settings → Profile, the portal's profile)
 * is kept with the account, and the account's choice is followed when it changes (another tab or,
 * in a build with a shop server, another device: the worker keeps the account's preferences there,
 * sw/sync/account-preferences.ts, and announces `settings` when another device's choice arrives)
 * or when this device has not followed it yet (a first sign-in here). Renders nothing; mounted
 * once in the team's shell, once in the portal's and once on the welcome page.
 */
export function AccountLanguage() {
  const { user } = useAuth();
  const uid = user?.uid;
  const { data } = useListQuery('settings', 'account', getSettings);
  const account = data ? data.preferences.locale : undefined;
  const device = useLocaleChoice();
  // The choice this component is switching the device to (its own change is not saved back).
  const following = useRef<LanguageChoice | null>(null);
  const lastDevice = useRef(device);

  useEffect(() => {
    if (!uid || account === undefined) return;
    const choose = (next: LanguageChoice) => {
      following.current = next;
      return chooseLocale(next);
    };
    // A language that cannot load leaves the device as it is until its next start (the header's menu says why when chosen there).
    followAccountChoice(localStorage, uid, account, readLocaleChoice(), choose).catch(() => {
      following.current = null;
    });
  }, [uid, account]);

  useEffect(() => {
    if (device === lastDevice.current) return;
    lastDevice.current = device;
    if (device === following.current) {
      following.current = null;
      return;
    }
    if (!uid || account === undefined) return;
    if (!keepWithAccount(account, device)) return;
    writeSeenChoice(localStorage, uid, device);
    // Offline the worker keeps it at once (the settings are local); a failure leaves the device's choice.
    patchSettings({ preferences: { locale: device } }).catch(() => undefined);
  }, [uid, account, device]);

  return null;
}
