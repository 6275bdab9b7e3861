import { useState } from 'react';
import { useT } from '@/i18n/i18n';
import { chooseLocale } from '@/i18n/choose-locale';
import { useLocaleChoice } from '@/i18n/locale-setting';
import { LOCALES, LOCALE_NAMES, type Locale } from '@/i18n/locales';
import { notify } from '@/lib/notify';
import { HeaderChoiceMenu } from './header-choice-menu';
import { LanguageIcon } from './icons';

/** Header button opening the language menu: the browser's language, or one of the four, each named in itself. */
export function LanguageMenu() {
  const t = useT('common');
  const choice = useLocaleChoice();
  const [switching, setSwitching] = useState(false);
  const label = t('common.language.menu', { language: choice === 'auto' ? t('common.language.auto') : LOCALE_NAMES[choice] });

  const choose = (value: Locale | 'auto') => {
    setSwitching(true);
    chooseLocale(value)
      .catch(() => notify.error(t('common.language.loadFailed')))
      .finally(() => setSwitching(false));
  };

  return (
    <HeaderChoiceMenu
      label={label}
      trigger={<LanguageIcon />}
      title={t('common.language.title')}
      value={choice}
      choices={[{ value: 'auto' as const, label: t('common.language.auto') }, ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale }))]}
      onChoose={choose}
      busy={switching}
    />
  );
}
