import { useState } from 'react';
import type { Product } from '@schema/product';
import type { Review } from '@schema/review';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { notify } from '@/lib/notify';
import { deleteReview, listReviews } from '../../overview-api';
import { AddReviewForm } from './add-review-form';
import { RatingSummary } from './rating-summary';
import { ReviewItem } from './review-item';
import { ReviewsPager } from './reviews-pager';
import { useLocalEdits } from './use-local-edits';
import { withoutReview, withPublishedReview, withUpdatedReview } from './overview-format';
import { useT } from '@/i18n/i18n';

interface ReviewsSectionProps {
  productId: number;
  /** A review write's answer carries the product with its rating and count recomputed. */
  onProductChanged: (product: Product) => void;
}

/** "Ratings & reviews": the summary, the reviews newest first (paged), votes, delete, and the add form. */
export function ReviewsSection({ productId, onProductChanged }: ReviewsSectionProps) {
  const t = useT('products');
  const [page, setPage] = useState(1);
  const query = useListQuery('reviews', `${productId}:${page}`, (signal) => listReviews(productId, page, signal));
  const [shown, editShown] = useLocalEdits(query.data);
  const [reviewToDelete, setReviewToDelete] = useState<Review | null>(null);

  const published = (review: Review, product: Product) => {
    onProductChanged(product);
    editShown((current) => withPublishedReview(current, review, product));
    // Newest first: the new review heads page 1; this (and the change channel) brings the server's page.
    if (page === 1) query.retry();
    else setPage(1);
  };

  const confirmDelete = async (review: Review) => {
    const { product } = await deleteReview(review.id);
    onProductChanged(product);
    editShown((current) => withoutReview(current, review, product));
    notify.success(t('products.reviews.deleted'));
  };

  return (
    <section aria-labelledby="reviews-title" className="space-y-4">
      <h2 id="reviews-title" className="text-xl font-semibold">
        {t('products.reviews.title')}
      </h2>
      {query.error && <ErrorState message={query.error.message} onRetry={query.retry} />}
      {!shown && !query.error && (
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          {t('products.reviews.loading')}
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="space-y-6">
          {shown && <RatingSummary summary={shown.summary} />}
          <AddReviewForm productId={productId} onPublished={published} />
        </div>
        {shown && (
          <div aria-busy={query.fetching} className={query.fetching ? 'opacity-70 transition-opacity' : undefined}>
            {shown.reviews.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-400">
                {t('products.reviews.empty')}
              </p>
            ) : (
              <ol aria-label={t('products.reviews.list')} className="divide-y divide-slate-200 dark:divide-slate-700">
                {shown.reviews.map((review) => (
                  <ReviewItem
                    key={review.id}
                    review={review}
                    onChanged={(updated) => editShown((current) => withUpdatedReview(current, updated))}
                    onDelete={setReviewToDelete}
                  />
                ))}
              </ol>
            )}
            <ReviewsPager meta={shown.meta} onPageChange={setPage} />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={reviewToDelete !== null}
        onOpenChange={(open) => !open && setReviewToDelete(null)}
        title={t('products.reviews.deleteTitle')}
        description={reviewToDelete ? t('products.reviews.deleteDescription', { name: reviewToDelete.user.name }) : ''}
        confirmLabel={t('products.reviews.deleteConfirm')}
        destructive
        onConfirm={() => (reviewToDelete ? confirmDelete(reviewToDelete) : Promise.resolve())}
      />
    </section>
  );
}
