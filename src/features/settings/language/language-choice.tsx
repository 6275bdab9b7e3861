import { useId, useState } from 'react';
import { useT } from '@/i18n/i18n';
import { chooseLocale } from '@/i18n/choose-locale';
import { useLocaleChoice } from '@/i18n/locale-setting';
import { LOCALES, LOCALE_NAMES, isLocale } from '@/i18n/locales';
import { notify } from '@/lib/notify';
import { shopServerUrl } from '@/lib/api-client';
import { SettingsCard } from '@/components/settings-section';

/**
 * Settings → Profile and the portal's profile: the app's language, the same choices as the
 * header's menu (the browser's, or one of the four, each named in itself). The screen is redrawn
 * in it at once; AccountLanguage keeps it with the account, and in a build with a shop server the
 * worker keeps it there too, so the account's other devices follow (without one, it stays on this device).
 */
export function LanguageChoice() {
  const t = useT('settings');
  const common = useT('common');
  const choice = useLocaleChoice();
  const [switching, setSwitching] = useState(false);
  const id = useId();

  const choose = (value: string) => {
    if (value !== 'auto' && !isLocale(value)) return;
    setSwitching(true);
    chooseLocale(value)
      .catch(() => notify.error(common('common.language.loadFailed')))
      .finally(() => setSwitching(false));
  };

  return (
    <SettingsCard title={t('settings.language.title')}>
      <div className="max-w-sm space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {t('settings.language.label')}
        </label>
        <select id={id} className="input w-full" value={choice} aria-busy={switching} onChange={(event) => choose(event.target.value)}>
          {(['auto', ...LOCALES] as const).map((value) => (
            <option key={value} value={value} lang={value === 'auto' ? undefined : value}>
              {value === 'auto' ? common('common.language.auto') : LOCALE_NAMES[value]}
            </option>
          ))}
        </select>
        <p className="text-xs text-slate-500 dark:text-slate-400">{shopServerUrl ? t('settings.language.hint') : t('settings.language.hintThisDevice')}</p>
      </div>
    </SettingsCard>
  );
}
