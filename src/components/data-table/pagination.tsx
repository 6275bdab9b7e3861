import type { ListMeta } from '@schema/common';
import { PAGE_SIZES, type PageSize } from './list-search';
import { Button } from '@/components/button';

interface PaginationProps {
  meta: ListMeta;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}

/** "Showing 11–20 of 140", first/previous/next/last, and the page-size choice. */
export function Pagination({ meta, pageSize, onPageChange, onPageSizeChange }: PaginationProps) {
  const { page, total, totalPages, firstIndex, lastIndex } = meta;
  const last = Math.max(totalPages, 1);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <p aria-live="polite">{total === 0 ? 'No results' : `Showing ${firstIndex + 1}–${lastIndex} of ${total}`}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <span>Rows per page</span>
          <select className="input py-1" value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value) as PageSize)}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {/* The page buttons stay on one line together: on a phone they wrap below the size choice as a group. */}
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="narrow" disabled={page <= 1} onClick={() => onPageChange(1)} aria-label="First page">
            «
          </Button>
          <Button variant="secondary" size="narrow" disabled={page <= 1} onClick={() => onPageChange(Math.min(page - 1, last))} aria-label="Previous page">
            ‹
          </Button>
          <span aria-current="page" className="px-1">
            Page {page} of {last}
          </span>
          <Button variant="secondary" size="narrow" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)} aria-label="Next page">
            ›
          </Button>
          <Button variant="secondary" size="narrow" disabled={page >= totalPages} onClick={() => onPageChange(last)} aria-label="Last page">
            »
          </Button>
        </div>
      </div>
    </nav>
  );
}
