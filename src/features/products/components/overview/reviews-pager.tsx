import type { ListMeta } from '@schema/common';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

/** Previous / "Page 2 of 3" / Next under the reviews (the lists' pager has page sizes, which reviews do not need). */
export function ReviewsPager({ meta, onPageChange }: { meta: ListMeta; onPageChange: (page: number) => void }) {
  const t = useT('products');
  const lastPage = Math.max(meta.totalPages, 1);
  if (lastPage === 1) return null;
  return (
    <nav aria-label={t('products.reviews.pages')} className="flex items-center justify-between gap-2 pt-2 text-sm">
      <Button variant="secondary" disabled={meta.page <= 1} onClick={() => onPageChange(meta.page - 1)}>
        {t('products.reviews.previous')}
      </Button>
      <span aria-live="polite">{t('products.reviews.page', { page: formatNumber(meta.page), pages: formatNumber(lastPage) })}</span>
      <Button variant="secondary" disabled={meta.page >= lastPage} onClick={() => onPageChange(meta.page + 1)}>
        {t('products.reviews.next')}
      </Button>
    </nav>
  );
}
