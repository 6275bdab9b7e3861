import * as Popover from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '@/auth/auth-state';
import { api } from '@/lib/api-client';
// Types only (zod-free module): the back end's answer, the same shape on both sides.
import type { AppNotification, NotificationText, NotificationsAnswer } from '../../../domain/contract/notification';
import { onResourceChange } from '@/pwa/live-refresh';
import { BellIcon, CheckIcon } from './icons';
import { loadReadIds, markIdsRead, timeAgo } from './notification-read-state';
import { focusRing, menuContentClass } from './styles';
import { Button, buttonClass } from '@/components/button';
import { t, useT } from '@/i18n/i18n';
import { formatMoney, formatNumber } from '@/i18n/format';
import { withData } from '@/components/with-data';

/** How many events the bell lists. */
const NOTIFICATION_LIMIT = 10;
/** Writes to these can add, remove or hide events (the switches are in the settings). */
const SOURCES = ['orders', 'products', 'reviews', 'settings'] as const;

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; notifications: AppNotification[]; fetchedAt: number };

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/**
 * The account's events, read once the first screen is idle (so the bell never delays it),
 * again when it is opened and whenever orders, products, reviews or the settings change.
 */
function useNotifications() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const latest = useRef(0);
  const load = useCallback(() => {
    const request = ++latest.current;
    api.get<NotificationsAnswer>('/api/notifications', { limit: NOTIFICATION_LIMIT }).then(
      ({ notifications }) => {
        if (request === latest.current) setLoaded({ state: 'ready', notifications, fetchedAt: Date.now() });
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        const message = error instanceof Error ? error.message : t('common.notifications.loadFailedPlain');
        // A refresh that fails keeps the events already shown.
        setLoaded((previous) => (previous.state === 'ready' ? previous : { state: 'error', message }));
      },
    );
  }, []);

  useEffect(() => {
    // Not during start-up: the first screen's own data goes first.
    let cancel: () => void;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 3000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(load, 1000);
      cancel = () => clearTimeout(id);
    }
    const stops = SOURCES.map((resource) => onResourceChange(resource, load));
    return () => {
      cancel();
      stops.forEach((stop) => stop());
    };
  }, [load]);

  return { loaded, reload: load };
}

/**
 * Bell button (aria-label "Notifications", unread count as badge and description) opening a
 * popover with the unread events, "Mark all as read", and "You're all caught up" when none
 * are left. Read events are remembered per account on this device.
 */
export function NotificationsPopover() {
  const t = useT('common');
  const accountId = useAuth().user?.uid ?? 'signed-out';
  const { loaded, reload } = useNotifications();
  const [open, setOpen] = useState(false);
  const [read, setRead] = useState<{ accountId: string; ids: readonly string[] }>(() => ({ accountId, ids: loadReadIds(storage(), accountId) }));
  // Another account signed in: its own read list.
  if (read.accountId !== accountId) setRead({ accountId, ids: loadReadIds(storage(), accountId) });
  const notifications = loaded.state === 'ready' ? loaded.notifications : [];
  const unread = notifications.filter((notification) => !read.ids.includes(notification.id));
  const countId = useId();
  const headingId = useId();

  // "Mark all as read" removes itself: focus then moves to the empty state instead of being lost.
  const focusEmptyState = useRef(false);

  const markRead = (ids: readonly string[]) => setRead({ accountId, ids: markIdsRead(storage(), accountId, read.ids, ids) });

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) reload();
      }}
    >
      <Popover.Trigger
        className={buttonClass({ variant: 'icon' })}
        // The name includes the visible badge (WCAG 2.5.3, label in name).
        aria-label={unread.length > 0 ? t('common.notifications.unreadLabel', { count: unread.length > 9 ? '9+' : formatNumber(unread.length) }) : t('common.notifications.title')}
        aria-describedby={countId}
      >
        <BellIcon />
        {unread.length > 0 && (
          <span
            aria-hidden="true"
            className="absolute end-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-rose-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:ring-slate-900"
          >
            {unread.length > 9 ? '9+' : formatNumber(unread.length)}
          </span>
        )}
        <span id={countId} className="sr-only">
          {t('common.notifications.unreadCount', { count: unread.length })}
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
              {t('common.notifications.title')}
            </h2>
            {unread.length > 0 && (
              <Button
                variant="ghost"
                size="sm"
                className="text-xs"
                onClick={() => {
                  focusEmptyState.current = true;
                  markRead(unread.map((notification) => notification.id));
                }}
              >
                {t('common.notifications.markAllRead')}
              </Button>
            )}
          </div>
          {loaded.state === 'loading' ? (
            <p role="status" className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
              {t('common.notifications.loading')}
            </p>
          ) : loaded.state === 'error' ? (
            <div role="alert" className="space-y-3 px-4 py-6 text-center text-sm">
              <p className="text-red-700 dark:text-red-300">{t('common.notifications.loadFailed', { reason: loaded.message })}</p>
              <Button variant="ghost" size="sm" className="text-xs" onClick={reload}>
                {t('common.action.tryAgain')}
              </Button>
            </div>
          ) : unread.length === 0 ? (
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
              <p className="text-sm font-medium text-slate-900 dark:text-white">{t('common.notifications.caughtUp')}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('common.notifications.caughtUpHint')}</p>
            </div>
          ) : (
            <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto p-1 dark:divide-slate-800">
              {unread.map((notification) => (
                <li key={notification.id} data-group={notification.group}>
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
                      <span className="block text-sm font-medium text-slate-900 dark:text-white"><NotificationWords text={notification.text} part="title" /></span>
                      <span className="block text-xs text-slate-600 dark:text-slate-300"><NotificationWords text={notification.text} part="body" /></span>
                      <time dateTime={notification.at} className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
                        {loaded.state === 'ready' ? timeAgo(notification.at, loaded.fetchedAt) : ''}
                      </time>
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

/** An event's title or its line below, in the reader's language, the records' own words marked as the shop's. */
function NotificationWords({ text, part }: { text: NotificationText; part: 'title' | 'body' }) {
  const t = useT('common');
  switch (text.kind) {
    case 'order':
      return part === 'title'
        ? withData((data) => t('common.notifications.orderTitle', { ...data, status: text.status }), { invoiceId: text.invoiceId })
        : withData((data) => t('common.notifications.orderBody', { ...data, items: text.items, amount: formatMoney(text.amount) }), { customer: text.customer });
    case 'stock':
      return part === 'title'
        ? withData((data) => t('common.notifications.stockTitle', { ...data, stock: text.stock === 0 ? 'out' : 'low' }), { product: text.product })
        : withData((data) => t('common.notifications.stockBody', { ...data, count: text.stock }), { code: text.code });
    case 'review':
      return part === 'title'
        ? withData((data) => t('common.notifications.reviewTitle', { ...data, rating: text.rating }), { product: text.product })
        : withData((data) => t('common.notifications.reviewBody', data), { reviewer: text.reviewer, excerpt: text.excerpt });
  }
}
