import type { ListMeta } from '@schema/common';
import { PAGE_SIZES, type PageSize } from './list-search';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

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
  const t = useT('common');
  return (
    <nav aria-label={t('common.pagination.label')} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <p aria-live="polite">{total === 0 ? t('common.pagination.noResults') : t('common.pagination.showing', { from: formatNumber(firstIndex + 1), to: formatNumber(lastIndex), total: formatNumber(total) })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <span>{t('common.pagination.rowsPerPage')}</span>
          <select className="input py-1" value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value) as PageSize)}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {formatNumber(size)}
              </option>
            ))}
          </select>
        </label>
        {/* The page buttons stay on one line together: on a phone they wrap below the size choice as a group. */}
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="narrow" disabled={page <= 1} onClick={() => onPageChange(1)} aria-label={t('common.pagination.first')}>
            «
          </Button>
          <Button variant="secondary" size="narrow" disabled={page <= 1} onClick={() => onPageChange(Math.min(page - 1, last))} aria-label={t('common.pagination.previous')}>
            ‹
          </Button>
          <span aria-current="page" className="px-1">
            {t('common.pagination.page', { page: formatNumber(page), last: formatNumber(last) })}
          </span>
          <Button variant="secondary" size="narrow" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)} aria-label={t('common.pagination.next')}>
            ›
          </Button>
          <Button variant="secondary" size="narrow" disabled={page >= totalPages} onClick={() => onPageChange(last)} aria-label={t('common.pagination.last')}>
            »
          </Button>
        </div>
      </div>
    </nav>
  );
}
