import type { ListConfig } from './list-config';
import { PlainLink } from './plain-link';

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
  const label = config.getLabel(row);
  const viewHref = config.viewHref?.(row);
  const editHref = config.editHref?.(row);
  return (
    <div className="flex justify-end gap-1">
      {config.expand && (
        <button
          type="button"
          className="btn inline-flex items-center gap-1 px-2 py-1"
          aria-label={`${config.expand.toggleText} ${label}`}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={onToggle}
        >
          <span aria-hidden="true" className={`inline-block transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : ''}`}>
            ▸
          </span>
          {config.expand.toggleText}
        </button>
      )}
      {viewHref ? (
        <PlainLink href={viewHref} className="btn px-2 py-1" aria-label={`View ${label}`}>
          View
        </PlainLink>
      ) : (
        config.details && (
          <button type="button" className="btn px-2 py-1" aria-label={`View ${label}`} onClick={onView}>
            View
          </button>
        )
      )}
      {editHref && (
        <PlainLink href={editHref} className="btn px-2 py-1" aria-label={`Edit ${label}`}>
          Edit
        </PlainLink>
      )}
      <button type="button" className="btn px-2 py-1 text-red-700 dark:text-red-400" aria-label={`Delete ${label}`} onClick={onDelete}>
        Delete
      </button>
    </div>
  );
}
