/** Shared Tailwind class strings for the shell, so buttons and menus look and focus alike. */

export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-indigo-400 dark:focus-visible:ring-offset-slate-900';

/** A square 40px icon-only button (give it an `aria-label`). */
export const iconButtonClass = `relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-50 data-[state=open]:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:data-[state=open]:bg-slate-800 ${focusRing}`;

/** Surface of dropdown menus and popovers. */
export const menuContentClass =
  'z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-700 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';

/** A dropdown menu item (Radix sets `data-highlighted` on the item that has focus). */
export const menuItemClass =
  'flex w-full cursor-default select-none items-center gap-2 rounded-md px-2 py-1.5 text-start outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

export const menuSeparatorClass = 'my-1 h-px bg-slate-200 dark:bg-slate-700';

export const primaryButtonClass = `inline-flex items-center justify-center gap-2 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60 dark:bg-indigo-500 dark:hover:bg-indigo-400 ${focusRing}`;

export const dangerButtonClass = `inline-flex items-center justify-center gap-2 rounded-md bg-rose-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-rose-500 disabled:opacity-60 dark:bg-rose-600 dark:hover:bg-rose-500 ${focusRing}`;

/** The project's `.btn` plus a focus ring and dark text colour. */
export const secondaryButtonClass = `btn text-slate-700 dark:text-slate-200 ${focusRing}`;

/** A centred modal dialog's surface (Radix Dialog.Content), `max-w-md` wide unless given. */
export const dialogContentClass = (width = 'max-w-md') =>
  `fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${width} overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200`;

/** The dimmed backdrop behind a modal dialog. */
export const dialogOverlayClass = 'fixed inset-0 z-50 bg-slate-950/50';
