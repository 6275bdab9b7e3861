import { useTheme, type ThemePreference } from '@/lib/theme';
import { useT } from '@/i18n/i18n';
import { HeaderChoiceMenu } from './header-choice-menu';
import { ComputerIcon, MoonIcon, SunIcon, type Icon } from './icons';

const OPTIONS: readonly { value: ThemePreference; label: string; icon: Icon }[] = [
  { value: 'light', label: 'common.theme.light', icon: SunIcon },
  { value: 'dark', label: 'common.theme.dark', icon: MoonIcon },
  { value: 'system', label: 'common.theme.system', icon: ComputerIcon },
];

/** Header button (aria-label "Theme: light|dark|system") opening a Light / Dark / System menu. */
export function ThemeToggle() {
  const { preference, resolved, setPreference } = useTheme();
  const t = useT('common');
  const label = t('common.theme.label', { theme: preference });
  const TriggerIcon = preference === 'system' ? ComputerIcon : resolved === 'dark' ? MoonIcon : SunIcon;

  return (
    <HeaderChoiceMenu
      label={label}
      trigger={<TriggerIcon />}
      title={t('common.theme.title')}
      value={preference}
      choices={OPTIONS.map((option) => ({ value: option.value, label: t(option.label), icon: option.icon }))}
      onChoose={setPreference}
    />
  );
}
