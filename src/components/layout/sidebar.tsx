import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { Brand } from './brand';
import { ChevronDoubleLeftIcon, XIcon } from './icons';
import { translatedNavGroups } from './nav-items';
import { focusRing } from './styles';
import { Button, buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';

const linkBase = `flex items-center gap-3 rounded-md text-sm font-medium transition-colors ${focusRing}`;
const linkInactive =
  'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const linkActive = 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300';

/**
 * The grouped navigation links. `collapsed` shows icons only (the label stays as `title` and as
 * screen-reader text); `onNavigate` runs when a link is clicked (the drawer closes itself with it).
 */
export function SidebarNav({
  collapsed = false,
  onNavigate,
  id,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
  id?: string;
}) {
  const t = useT('common');
  return (
    <nav id={id} aria-label={t('common.nav.main')} className="flex-1 overflow-y-auto overscroll-contain px-3 py-4">
      <div className="space-y-6">
        {translatedNavGroups(t).map((group, index) => {
          const headingId = `${id ?? 'nav'}-${group.id}`;
          return (
            <div key={group.id}>
              {collapsed ? (
                <>
                  <h2 id={headingId} className="sr-only">
                    {group.label}
                  </h2>
                  {index > 0 && <hr aria-hidden="true" className="mx-2 mb-3 border-slate-200 dark:border-slate-700" />}
                </>
              ) : (
                <h2
                  id={headingId}
                  className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400"
                >
                  {group.label}
                </h2>
              )}
              <ul aria-labelledby={headingId} className="space-y-1">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      onClick={onNavigate}
                      title={collapsed ? item.label : undefined}
                      className={`${linkBase} ${collapsed ? 'h-10 justify-center' : 'px-3 py-2'}`}
                      activeProps={{ className: linkActive }}
                      inactiveProps={{ className: linkInactive }}
                    >
                      <item.icon />
                      <span className={collapsed ? 'sr-only' : 'truncate'}>{item.label}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}

/** Desktop sidebar (md and up): sticky on the inline-start side, collapsible to icons. */
export function Sidebar({ collapsed, onCollapsedChange }: { collapsed: boolean; onCollapsedChange: (collapsed: boolean) => void }) {
  const t = useT('common');
  const label = collapsed ? t('common.nav.expand') : t('common.nav.collapse');
  return (
    <div
      data-collapsed={collapsed}
      className={`sticky top-0 hidden h-dvh shrink-0 flex-col border-e border-slate-200 bg-white transition-[width] duration-200 motion-reduce:transition-none md:flex dark:border-slate-800 dark:bg-slate-900 ${
        collapsed ? 'w-18' : 'w-64'
      }`}
    >
      <div className={`flex h-16 shrink-0 items-center border-b border-slate-200 dark:border-slate-800 ${collapsed ? 'justify-center px-2' : 'px-5'}`}>
        <Brand compact={collapsed} />
      </div>
      <SidebarNav id="sidebar-nav" collapsed={collapsed} />
      <div className={`flex shrink-0 border-t border-slate-200 p-3 dark:border-slate-800 ${collapsed ? 'justify-center' : 'justify-end'}`}>
        <Button
          variant="icon"
          aria-label={label}
          title={label}
          aria-expanded={!collapsed}
          aria-controls="sidebar-nav"
          onClick={() => onCollapsedChange(!collapsed)}
        >
          <ChevronDoubleLeftIcon className={`size-5 transition-transform motion-reduce:transition-none ${collapsed ? 'rotate-180 rtl:rotate-0' : 'rtl:rotate-180'}`} />
        </Button>
      </div>
    </div>
  );
}

/** Phone navigation (below md): a modal drawer on the inline-start side. */
export function MobileSidebar({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close (there is no Radix Trigger, so by default it would be lost). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const t = useT('common');
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl outline-none md:hidden dark:bg-slate-900"
        >
          <Dialog.Title className="sr-only">{t('common.nav.title')}</Dialog.Title>
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-slate-200 ps-5 pe-3 dark:border-slate-800">
            <Brand onNavigate={close} />
            <Dialog.Close className={buttonClass({ variant: 'icon' })} aria-label={t('common.nav.close')}>
              <XIcon />
            </Dialog.Close>
          </div>
          <SidebarNav id="mobile-nav" onNavigate={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
