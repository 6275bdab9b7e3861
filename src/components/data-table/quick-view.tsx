import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { dialogContentClass, dialogOverlayClass } from '@/components/layout/styles';
import { useReturnFocus } from '../return-focus';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

/** A read-only look at one record, without leaving the list. */
export function QuickView<T>({
  title,
  details,
  kind,
  row,
  onClose,
}: {
  title: (row: T) => string;
  details: (row: T) => Array<[string, ReactNode]>;
  /** The list's kind of record (its resource), which the description names. */
  kind: string;
  row: T | null;
  onClose: () => void;
}) {
  const t = useT('common');
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass()} {...returnFocus}>
          {row && (
            <>
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title(row)}</Dialog.Title>
              <Dialog.Description className="sr-only">{t('common.quickView.description', { kind })}</Dialog.Description>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                {details(row).map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-medium text-slate-500">{label}</dt>
                    <dd className="break-words">{value}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-6 flex justify-end">
                <Dialog.Close asChild>
                  <Button variant="secondary">
                    {t('common.action.close')}
                  </Button>
                </Dialog.Close>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
