import { Link, useNavigate, useRouterState, type LinkProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isPendingId } from '@domain/sync/pending';
import { movedRecordId } from '@/lib/shop-sync';
import { buttonClass } from './button';
import { useT } from '@/i18n/i18n';

interface RecordNotFoundProps {
  /** What the record is, in lower case: "user", "product" (the words come from `listName`, its kind). */
  noun?: string;
  /** The id from the address. */
  id: string;
  /** The list the "Back to …" link opens, and its name ("users", also the record's kind). */
  listTo: LinkProps['to'];
  listName: string;
}

const asId = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);

/**
 * A record's page (e.g. /users/$id) for an id this account has no record with: never a blank
 * form. A record created on this device offline has a pending id until the shop server gives it
 * its own; once synced it is stored under that id, and the page follows it there.
 */
export function RecordNotFound({ id, listTo, listName }: RecordNotFoundProps) {
  const t = useT('common');
  // The list's name is the record's kind: the messages choose their words by it.
  const kind = listName;
  const pending = isPendingId(asId(id));
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    movedRecordId(listName, id, controller.signal)
      .then((moved) => {
        if (moved === null || controller.signal.aborted) return;
        const segments = pathname.split('/').map((segment) => (decodeURIComponent(segment) === id ? encodeURIComponent(moved) : segment));
        void navigate({ href: segments.join('/'), replace: true });
      })
      .catch(() => {}); // The page says what it can: the record is not on this device.
    return () => controller.abort();
  }, [pending, listName, id, pathname, navigate]);

  return (
    <section className="space-y-3 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t('common.notFound.recordTitle', { kind })}</h1>
      <p className="text-slate-600 dark:text-slate-400">
        {pending ? t('common.notFound.recordPending', { kind, id }) : t('common.notFound.recordMissing', { kind, id })}
      </p>
      <Link to={listTo} className={buttonClass({ variant: 'secondary', className: 'inline-block' })}>
        {t('common.notFound.backToList', { kind })}
      </Link>
    </section>
  );
}
