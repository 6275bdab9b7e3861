import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useDirection } from '@/lib/direction';
import { isThemePreference, useTheme, type ThemePreference } from '@/lib/theme';
import { useT } from '@/i18n/i18n';
import { CheckIcon, ComputerIcon, MoonIcon, SunIcon, type Icon } from './icons';
import { menuContentClass, menuItemClass } from './styles';
import { buttonClass } from '@/components/button';

const OPTIONS: readonly { value: ThemePreference; label: string; icon: Icon }[] = [
  { value: 'light', label: 'common.theme.light', icon: SunIcon },
  { value: 'dark', label: 'common.theme.dark', icon: MoonIcon },
  { value: 'system', label: 'common.theme.system', icon: ComputerIcon },
];

/** Header button (aria-label "Theme: light|dark|system") opening a Light / Dark / System menu. */
export function ThemeToggle() {
  const { preference, resolved, setPreference } = useTheme();
  const { direction } = useDirection();
  const t = useT('common');
  const label = t('common.theme.label', { theme: preference });
  const TriggerIcon = preference === 'system' ? ComputerIcon : resolved === 'dark' ? MoonIcon : SunIcon;

  return (
    <DropdownMenu.Root dir={direction} modal={false}>
      <DropdownMenu.Trigger className={buttonClass({ variant: 'icon' })} aria-label={label} title={label}>
        <TriggerIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} collisionPadding={8} className={menuContentClass}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400">
            {t('common.theme.title')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={preference}
            onValueChange={(value) => {
              if (isThemePreference(value)) setPreference(value);
            }}
          >
            {OPTIONS.map((option) => (
              <DropdownMenu.RadioItem key={option.value} value={option.value} className={menuItemClass}>
                <option.icon className="size-4 shrink-0" />
                <span className="flex-1">{t(option.label)}</span>
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
