import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useDirection } from '@/lib/direction';
import { useT } from '@/i18n/i18n';
import { chooseLocale } from '@/i18n/choose-locale';
import { useLocaleChoice } from '@/i18n/locale-setting';
import { LOCALES, LOCALE_NAMES, isLocale } from '@/i18n/locales';
import { notify } from '@/lib/notify';
import { CheckIcon, LanguageIcon } from './icons';
import { menuContentClass, menuItemClass } from './styles';
import { buttonClass } from '@/components/button';

/** Header button opening the language menu: the browser's language, or one of the four, each named in itself. */
export function LanguageMenu() {
  const t = useT('common');
  const choice = useLocaleChoice();
  const { direction } = useDirection();
  const [switching, setSwitching] = useState(false);
  const label = t('common.language.menu', { language: choice === 'auto' ? t('common.language.auto') : LOCALE_NAMES[choice] });

  const choose = (value: string) => {
    if (value !== 'auto' && !isLocale(value)) return;
    setSwitching(true);
    chooseLocale(value)
      .catch(() => notify.error(t('common.language.loadFailed')))
      .finally(() => setSwitching(false));
  };

  return (
    <DropdownMenu.Root dir={direction} modal={false}>
      <DropdownMenu.Trigger className={buttonClass({ variant: 'icon' })} aria-label={label} title={label} aria-busy={switching}>
        <LanguageIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} collisionPadding={8} className={menuContentClass}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400">{t('common.language.title')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={choice} onValueChange={choose}>
            {(['auto', ...LOCALES] as const).map((value) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass} lang={value === 'auto' ? undefined : value}>
                <span className="flex-1">{value === 'auto' ? t('common.language.auto') : LOCALE_NAMES[value]}</span>
                <DropdownMenu.ItemIndicator>
                  <CheckIcon className="size-4 text-indigo-600 dark:text-indigo-400" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
