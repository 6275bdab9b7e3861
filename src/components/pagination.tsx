import type { ListMeta } from '@schema/common';

interface PaginationProps {
  meta: ListMeta;
  onPageChange: (page: number) => void;
}

/** "Showing 1–10 of 14" with previous/next buttons. */
export function Pagination({ meta, onPageChange }: PaginationProps) {
  const { page, total, totalPages, firstIndex, lastIndex } = meta;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 py-3 text-sm">
      <p>{total === 0 ? 'No results' : `Showing ${firstIndex + 1}–${lastIndex} of ${total}`}</p>
      <div className="flex items-center gap-2">
        <button type="button" className="btn" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </button>
        <span aria-current="page">
          Page {page} of {Math.max(totalPages, 1)}
        </span>
        <button type="button" className="btn" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
