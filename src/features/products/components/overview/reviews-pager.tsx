import type { ListMeta } from '@schema/common';

/** Previous / "Page 2 of 3" / Next under the reviews (the lists' pager has page sizes, which reviews do not need). */
export function ReviewsPager({ meta, onPageChange }: { meta: ListMeta; onPageChange: (page: number) => void }) {
  const lastPage = Math.max(meta.totalPages, 1);
  if (lastPage === 1) return null;
  return (
    <nav aria-label="Reviews pages" className="flex items-center justify-between gap-2 pt-2 text-sm">
      <button type="button" className="btn" disabled={meta.page <= 1} onClick={() => onPageChange(meta.page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {meta.page} of {lastPage}
      </span>
      <button type="button" className="btn" disabled={meta.page >= lastPage} onClick={() => onPageChange(meta.page + 1)}>
        Next
      </button>
    </nav>
  );
}
