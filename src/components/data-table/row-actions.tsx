import type { ListConfig } from './list-config';
import { PlainLink } from './plain-link';
import { Button, buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';

interface RowActionsProps<T> {
  config: ListConfig<T>;
  row: T;
  /** Whether the row's panel (config.expand) is open, and its id. */
  open: boolean;
  panelId: string;
  onToggle: () => void;
  /** The quick view (config.details), when the row has no page of its own. */
  onView: () => void;
  onDelete: () => void;
}

/** A row's actions: open in place, View, Edit, Delete (confirmed by the list). */
export function RowActions<T>({ config, row, open, panelId, onToggle, onView, onDelete }: RowActionsProps<T>) {
  const t = useT('common');
  const label = config.getLabel(row);
  const viewHref = config.viewHref?.(row);
  const editHref = config.editHref?.(row);
  return (
    <div className="flex justify-end gap-1">
      {config.expand && (
        <Button
          variant="secondary"
          size="sm"
          className="inline-flex items-center gap-1"
          aria-label={`${config.expand.toggleText} ${label}`}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={onToggle}
        >
          <span aria-hidden="true" className={`inline-block transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : ''}`}>
            ▸
          </span>
          {config.expand.toggleText}
        </Button>
      )}
      {viewHref ? (
        <PlainLink href={viewHref} className={buttonClass({ variant: 'secondary', size: 'sm' })} aria-label={t('common.row.viewLabel', { label })}>
          {t('common.row.view')}
        </PlainLink>
      ) : (
        config.details && (
          <Button variant="secondary" size="sm" aria-label={t('common.row.viewLabel', { label })} onClick={onView}>
            {t('common.row.view')}
          </Button>
        )
      )}
      {editHref && (
        <PlainLink href={editHref} className={buttonClass({ variant: 'secondary', size: 'sm' })} aria-label={t('common.row.editLabel', { label })}>
          {t('common.row.edit')}
        </PlainLink>
      )}
      <Button variant="dangerOutline" size="sm" aria-label={t('common.row.deleteLabel', { label })} onClick={onDelete}>
        {t('common.action.delete')}
      </Button>
    </div>
  );
}
