import type { ComponentPropsWithRef } from 'react';
import { focusRing } from '@/components/layout/styles';
import { joinClasses } from '@/lib/join-classes';

/**
 * - primary: the screen's main action (filled indigo).
 * - secondary: any other action (outlined).
 * - danger: a filled red action that destroys data (a dialog's confirm).
 * - dangerOutline: an outlined action that leads to destroying data (a row's Delete).
 * - toggle: an outlined on/off button; `aria-pressed` turns it indigo (a vote).
 * - icon: a square 40px icon-only button (give it an `aria-label`).
 * - iconDanger: an icon button that removes something (turns red under the pointer).
 * - ghost: indigo text, tinted under the pointer (a small action in a popover or toast); text size from around it.
 * - ghostDanger: the same in red (a row's Delete beside quieter buttons).
 * - link: underlined text in the colours around it (a banner's Retry).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'dangerOutline' | 'toggle' | 'icon' | 'iconDanger' | 'ghost' | 'ghostDanger' | 'link';

/** Padding: `md` the usual, `sm` a compact one (rows, popovers), `narrow` a page number's. Icon and link variants have their own. */
export type ButtonSize = 'md' | 'sm' | 'narrow';

const filled = 'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium text-white disabled:opacity-60';
const outlined = 'rounded-md border border-slate-300 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800';
const square =
  'relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 disabled:pointer-events-none disabled:opacity-50 data-[state=open]:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: `${filled} bg-indigo-600 hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400`,
  danger: `${filled} bg-rose-600 hover:bg-rose-500 dark:bg-rose-600 dark:hover:bg-rose-500`,
  secondary: `${outlined} text-slate-700 dark:text-slate-200`,
  dangerOutline: `${outlined} text-red-700 dark:text-red-400`,
  toggle: `${outlined} inline-flex items-center gap-1 text-slate-700 aria-busy:cursor-wait aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700 dark:text-slate-200 dark:aria-pressed:border-indigo-400 dark:aria-pressed:bg-indigo-500/15 dark:aria-pressed:text-indigo-200`,
  icon: `${square} hover:text-slate-900 dark:hover:text-white`,
  iconDanger: `${square} hover:text-rose-600 dark:hover:text-rose-400`,
  ghost: 'rounded-md font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-60 dark:text-indigo-300 dark:hover:bg-indigo-500/15',
  ghostDanger: 'rounded-md font-medium text-rose-700 hover:bg-rose-50 disabled:opacity-60 dark:text-rose-300 dark:hover:bg-rose-500/10',
  link: 'rounded underline underline-offset-2 disabled:opacity-60',
};

const SIZES: Record<ButtonSize, string> = {
  md: 'px-3 py-1.5',
  sm: 'px-2 py-1',
  narrow: 'min-w-10 px-2 py-1.5',
};

/** Variants whose size is part of the variant. */
const SIZED_BY_VARIANT: ReadonlySet<ButtonVariant> = new Set(['icon', 'iconDanger', 'link']);

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Layout or one-off classes that do not set what the variant sets (margins, width, `aria-*` states). */
  className?: string | undefined;
}

/** The classes of a button look, for elements that are not a `<button>`: links, Radix triggers and closes. */
export function buttonClass({ variant = 'secondary', size = 'md', className }: ButtonStyle = {}): string {
  return joinClasses(VARIANTS[variant], SIZED_BY_VARIANT.has(variant) ? undefined : SIZES[size], focusRing, className);
}

export type ButtonProps = ComponentPropsWithRef<'button'> & ButtonStyle;

/** The app's button: `type="button"` unless given (a submit says so), every button prop and the ref passed on. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
