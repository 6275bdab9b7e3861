import * as Popover from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { BellIcon, CheckIcon } from './icons';
import type { NavPath } from './nav-items';
import { focusRing, iconButtonClass, menuContentClass } from './styles';

export interface AppNotification {
  id: string;
  title: string;
  body: string;
  /** Human-readable age, e.g. "5 min ago" (sample data: no clock needed). */
  time: string;
  to: NavPath;
}

/** Static sample notifications (there is no notification backend yet). */
export const SAMPLE_NOTIFICATIONS: readonly AppNotification[] = [
  { id: 'n1', title: 'New order #IN0015', body: 'Placed by a returning customer.', time: '5 min ago', to: '/orders' },
  { id: 'n2', title: 'Invoice INV-019 is due', body: 'Payment is expected within 3 days.', time: '1 h ago', to: '/invoices' },
  { id: 'n3', title: 'Low stock', body: 'Three products have fewer than 5 items left.', time: 'Yesterday', to: '/products' },
  { id: 'n4', title: 'New user registered', body: 'A new account is waiting for review.', time: '2 days ago', to: '/users' },
];

/**
 * Bell button (aria-label "Notifications", unread count as badge and description) opening a
 * popover with the unread notifications, "Mark all as read", and "You're all caught up" when
 * none are left. Read state lives in this component only.
 */
export function NotificationsPopover({
  notifications = SAMPLE_NOTIFICATIONS,
}: {
  notifications?: readonly AppNotification[];
}) {
  const [open, setOpen] = useState(false);
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(() => new Set());
  const unread = notifications.filter((notification) => !readIds.has(notification.id));
  const countId = useId();
  const headingId = useId();

  // "Mark all as read" removes itself: focus then moves to the empty state instead of being lost.
  const focusEmptyState = useRef(false);

  const markRead = (ids: readonly string[]) => setReadIds((previous) => new Set([...previous, ...ids]));

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={iconButtonClass}
        // The name includes the visible badge (WCAG 2.5.3, label in name).
        aria-label={unread.length > 0 ? `Notifications: ${unread.length > 9 ? '9+' : unread.length} unread` : 'Notifications'}
        aria-describedby={countId}
      >
        <BellIcon />
        {unread.length > 0 && (
          <span
            aria-hidden="true"
            className="absolute end-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-rose-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:ring-slate-900"
          >
            {unread.length > 9 ? '9+' : unread.length}
          </span>
        )}
        <span id={countId} className="sr-only">
          {unread.length === 0 ? 'No unread notifications' : `${unread.length} unread`}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={headingId}
          className={`${menuContentClass} w-80 max-w-[calc(100vw-1rem)] p-0`}
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <h2 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
              Notifications
            </h2>
            {unread.length > 0 && (
              <button
                type="button"
                onClick={() => {
                  focusEmptyState.current = true;
                  markRead(unread.map((notification) => notification.id));
                }}
                className={`rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/15 ${focusRing}`}
              >
                Mark all as read
              </button>
            )}
          </div>
          {unread.length === 0 ? (
            <div
              role="status"
              tabIndex={-1}
              ref={(element) => {
                if (element && focusEmptyState.current) {
                  focusEmptyState.current = false;
                  element.focus();
                }
              }}
              className="flex flex-col items-center gap-2 px-4 py-8 text-center outline-none"
            >
              <span className="grid size-10 place-items-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-400">
                <CheckIcon />
              </span>
              <p className="text-sm font-medium text-slate-900 dark:text-white">You're all caught up</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">New notifications will show up here.</p>
            </div>
          ) : (
            <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto p-1 dark:divide-slate-800">
              {unread.map((notification) => (
                <li key={notification.id}>
                  <Link
                    to={notification.to}
                    onClick={() => {
                      markRead([notification.id]);
                      setOpen(false);
                    }}
                    className={`flex gap-3 rounded-md px-3 py-2.5 hover:bg-slate-50 dark:hover:bg-slate-800 ${focusRing} focus-visible:ring-offset-0`}
                  >
                    <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-500" />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium text-slate-900 dark:text-white">{notification.title}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-300">{notification.body}</span>
                      <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">{notification.time}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
