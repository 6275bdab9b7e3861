import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useDirection } from '@/lib/direction';
import { CheckIcon, type Icon } from './icons';
import { menuContentClass, menuItemClass } from './styles';
import { buttonClass } from '@/components/button';

export interface HeaderChoice<T extends string> {
  value: T;
  label: string;
  icon?: Icon;
  /** The language the label is written in, when not the page's (a language named in itself). */
  lang?: string;
}

/**
 * A header icon button (its name saying the current choice) opening a titled menu of choices,
 * one of them checked: the theme's and the language's.
 */
export function HeaderChoiceMenu<T extends string>({
  label,
  trigger,
  title,
  value,
  choices,
  onChoose,
  busy,
}: {
  label: string;
  trigger: ReactNode;
  title: string;
  value: T;
  choices: readonly HeaderChoice<T>[];
  onChoose: (value: T) => void;
  busy?: boolean;
}) {
  const { direction } = useDirection();
  return (
    <DropdownMenu.Root dir={direction} modal={false}>
      <DropdownMenu.Trigger className={buttonClass({ variant: 'icon' })} aria-label={label} title={label} aria-busy={busy}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} collisionPadding={8} className={menuContentClass}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400">{title}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={value}
            onValueChange={(chosen) => {
              const choice = choices.find((option) => option.value === chosen);
              if (choice) onChoose(choice.value);
            }}
          >
            {choices.map((choice) => (
              <DropdownMenu.RadioItem key={choice.value} value={choice.value} className={menuItemClass} lang={choice.lang}>
                {choice.icon && <choice.icon className="size-4 shrink-0" />}
                <span className="flex-1">{choice.label}</span>
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
