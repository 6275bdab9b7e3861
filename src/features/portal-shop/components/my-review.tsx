import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { reviewInputSchema, type Review } from '@schema/review';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DraftBanner } from '@/components/form/draft-banner';
import { SubmitButton } from '@/components/form/submit-button';
import { TextAreaField } from '@/components/form/textarea-field';
import { useApiForm } from '@/components/form/use-api-form';
import { StarIcons } from '@/components/star-icons';
import { StarRatingField } from '@/components/star-rating-field';
import { notify } from '@/lib/notify';
import { useT } from '@/i18n/i18n';
import { deleteReview, editReview, writeReview } from '../api';

const reviewFormSchema = reviewInputSchema.omit({ productId: true });

/**
 * The customer's own review of a product: "Write a review" when they may (one of their
 * delivered orders holds it: domain/orders/customer-review.ts), else why not; once written,
 * their review with Edit and Delete (asked first).
 */
export function MyReview({ productId, mine, mayReview, onChanged }: { productId: number; mine: Review | undefined; mayReview: boolean; onChanged: () => void }) {
  const t = useT('portal');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!mine && !mayReview) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('portal.review.notYet')}</p>;
  }
  if (!mine || editing) {
    return (
      <ReviewForm
        key={mine?.id ?? 'new'}
        productId={productId}
        mine={mine}
        onDone={() => {
          setEditing(false);
          onChanged();
        }}
        onCancel={mine ? () => setEditing(false) : undefined}
      />
    );
  }
  return (
    <section aria-labelledby="my-review-heading" className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-4 dark:border-indigo-900 dark:bg-indigo-950">
      <h3 id="my-review-heading" className="text-base font-semibold">
        {t('portal.review.yours')}
      </h3>
      <p className="flex items-center gap-2">
        <StarIcons rating={mine.rating} />
        <span className="text-sm">{t('portal.review.stars', { count: mine.rating })}</span>
      </p>
      <p className="text-sm break-words whitespace-pre-line" translate="no">
        {mine.review}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('portal.review.edit')}
        </Button>
        <Button variant="secondary" onClick={() => setDeleting(true)}>
          {t('portal.review.delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('portal.review.deleteTitle')}
        description={t('portal.review.deleteText')}
        confirmLabel={t('portal.review.deleteConfirm')}
        destructive
        onConfirm={async () => {
          await deleteReview(mine.id);
          notify.success(t('portal.review.deleted'));
          onChanged();
        }}
      />
    </section>
  );
}

function ReviewForm({ productId, mine, onDone, onCancel }: { productId: number; mine: Review | undefined; onDone: () => void; onCancel: (() => void) | undefined }) {
  const t = useT('portal');
  const { form, submit, draft } = useApiForm({
    schema: reviewFormSchema,
    defaultValues: { rating: mine?.rating ?? 0, review: mine?.review ?? '' },
    save: (values) => (mine ? editReview(mine.id, values) : writeReview({ productId, ...values })),
    onSaved: onDone,
    messages: mine ? { saving: t('portal.review.saving'), saved: t('portal.review.saved') } : { saving: t('portal.review.publishing'), saved: t('portal.review.published') },
    draftKey: `portal/products/${productId}/my-review`,
  });
  const { register, control, formState } = form;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="my-review-form-title" className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 id="my-review-form-title" className="text-base font-semibold">
        {mine ? t('portal.review.editTitle') : t('portal.review.writeTitle')}
      </h3>
      {draft.offer && <DraftBanner savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarRatingField name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldState.error?.message} />
        )}
      />
      <TextAreaField label={t('portal.review.field')} rows={4} required aria-required error={formState.errors.review?.message} {...register('review')} />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('portal.review.cancel')}
          </Button>
        )}
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('portal.review.busy')}>
          {mine ? t('portal.review.save') : t('portal.review.publish')}
        </SubmitButton>
      </div>
    </form>
  );
}
