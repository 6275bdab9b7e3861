import type { ListMeta } from '@schema/common';
import { Button } from '@/components/button';

/** Previous / "Page 2 of 3" / Next under the reviews (the lists' pager has page sizes, which reviews do not need). */
export function ReviewsPager({ meta, onPageChange }: { meta: ListMeta; onPageChange: (page: number) => void }) {
  const lastPage = Math.max(meta.totalPages, 1);
  if (lastPage === 1) return null;
  return (
    <nav aria-label="Reviews pages" className="flex items-center justify-between gap-2 pt-2 text-sm">
      <Button variant="secondary" disabled={meta.page <= 1} onClick={() => onPageChange(meta.page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {meta.page} of {lastPage}
      </span>
      <Button variant="secondary" disabled={meta.page >= lastPage} onClick={() => onPageChange(meta.page + 1)}>
        Next
      </Button>
    </nav>
  );
}
