import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { Product } from '@schema/product';
import { reviewInputSchema, type Review } from '@schema/review';
import { FieldError } from '@/components/form-field';
import { DraftBanner } from '@/components/form/draft-banner';
import { LeaveGuard } from '@/components/form/leave-guard';
import { SubmitButton } from '@/components/form/submit-button';
import { useApiForm } from '@/components/form/use-api-form';
import { addReview } from '../../overview-api';
import { StarRatingField } from '@/components/star-rating-field';
import { useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

/** The form's part of the review input: the product is the page's. */
const reviewFormSchema = reviewInputSchema.omit({ productId: true });
const REVIEW_MAX_LENGTH = reviewInputSchema.shape.review.maxLength ?? Infinity;
/** Rating 0: no star chosen yet (the schema asks to choose one). */
const emptyReview = { rating: 0, review: '' };

/** "Add review": a star rating and the text, published as the signed-in admin. */
export function AddReviewForm({ productId, onPublished }: { productId: number; onPublished: (review: Review, product: Product) => void }) {
  const t = useT('products');
  const { form, submit, draft, hasUnsavedChanges } = useApiForm({
    schema: reviewFormSchema,
    defaultValues: emptyReview,
    save: (values) => addReview({ productId, ...values }),
    onSaved: ({ review, product }) => {
      // Ready for the next review (the kit keeps the sent values as the baseline).
      form.reset(emptyReview);
      onPublished(review, product);
    },
    messages: { saving: t('products.review.publishing'), saved: t('products.review.published') },
    draftKey: `products/${productId}/review`,
  });
  const { register, control, formState } = form;
  const reviewLength = useWatch({ control, name: 'review' }).length;
  const reviewId = useId();
  const error = formState.errors.review?.message && t(formState.errors.review.message);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-review-title" className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 id="add-review-title" className="text-base font-semibold">
        {t('products.review.add')}
      </h3>
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarRatingField
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message && t(fieldState.error.message)}
          />
        )}
      />
      <div className="space-y-1">
        <label htmlFor={reviewId} className="block text-sm font-medium">
          {t('products.review.text')}
        </label>
        <textarea
          id={reviewId}
          rows={4}
          required
          aria-required
          className="input block w-full"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${reviewId}-count`, error ? `${reviewId}-error` : ''].join(' ').trim()}
          {...register('review')}
        />
        <p
          id={`${reviewId}-count`}
          className={`text-end text-xs ${reviewLength > REVIEW_MAX_LENGTH ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {t('products.review.length', { length: formatNumber(reviewLength), max: formatNumber(REVIEW_MAX_LENGTH), count: REVIEW_MAX_LENGTH })}
        </p>
        <FieldError controlId={reviewId} error={error} />
      </div>
      <div className="flex justify-end">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('products.review.busy')}>
          {t('products.review.publish')}
        </SubmitButton>
      </div>
      <LeaveGuard hasUnsavedChanges={hasUnsavedChanges} onDiscard={draft.discard} />
    </form>
  );
}
