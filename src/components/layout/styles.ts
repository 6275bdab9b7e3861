/** Shared Tailwind class strings for the shell, so menus and dialogs look and focus alike (buttons: `src/components/button.tsx`). */

export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-indigo-400 dark:focus-visible:ring-offset-slate-900';

/** Surface of dropdown menus and popovers. */
export const menuContentClass =
  'z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-700 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';

/** A dropdown menu item (Radix sets `data-highlighted` on the item that has focus). */
export const menuItemClass =
  'flex w-full cursor-default select-none items-center gap-2 rounded-md px-2 py-1.5 text-start outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

export const menuSeparatorClass = 'my-1 h-px bg-slate-200 dark:bg-slate-700';

/** A centred modal dialog's surface (Radix Dialog.Content), `max-w-md` wide unless given. */
export const dialogContentClass = (width = 'max-w-md') =>
  `fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${width} overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200`;

/** The dimmed backdrop behind a modal dialog. */
export const dialogOverlayClass = 'fixed inset-0 z-50 bg-slate-950/50';
