import { useState } from 'react';
import type { Review, ReviewVote } from '@schema/review';
import { notify } from '@/lib/notify';
import { voteReview } from '../../overview-api';
import { StarIcons } from '@/components/star-icons';
import { nextVote, starsLabel } from './overview-format';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { formatDate, formatNumber } from '@/i18n/format';


interface ReviewItemProps {
  review: Review;
  /** The review as the API has it after a vote. */
  onChanged: (review: Review) => void;
  onDelete: (review: Review) => void;
}

/** A review: author, date, stars, text, and the admin's Like / Dislike (one vote; again takes it back). */
export function ReviewItem({ review, onChanged, onDelete }: ReviewItemProps) {
  const t = useT('products');
  const [voting, setVoting] = useState(false);
  const vote = async (clicked: ReviewVote) => {
    if (voting) return;
    setVoting(true);
    try {
      const { review: updated } = await voteReview(review.id, nextVote(review.myVote, clicked));
      onChanged(updated);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : t('products.review.voteFailed'));
    } finally {
      setVoting(false);
    }
  };

  return (
    <li className="space-y-2 py-4">
      <div className="flex items-center gap-3">
        <img src={review.user.image} alt="" className="size-10 shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-700" />
        <div className="min-w-0">
          <p translate="no" className="truncate font-medium" title={review.user.name}>
            {review.user.name}
          </p>
          <time dateTime={review.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
            {formatDate(review.createdAt)}
          </time>
        </div>
      </div>
      <p className="flex items-center gap-2">
        <StarIcons rating={review.rating} />
        <span className="sr-only">{starsLabel(review.rating)}</span>
      </p>
      <p translate="no" className="text-sm break-words whitespace-pre-line">
        {review.review}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {(['like', 'dislike'] as const).map((kind) => (
          <Button
            key={kind}
            variant="toggle"
            size="sm"
            aria-pressed={review.myVote === kind}
            aria-busy={voting || undefined}
            onClick={() => void vote(kind)}
          >
            <span aria-hidden="true">{kind === 'like' ? '👍' : '👎'}</span>
            {kind === 'like' ? t('products.review.like') : t('products.review.dislike')} <span className="tabular-nums">{formatNumber(kind === 'like' ? review.likes : review.dislikes)}</span>
          </Button>
        ))}
        <Button variant="ghostDanger" size="sm" className="ms-auto text-sm" onClick={() => onDelete(review)}>
          {t('products.review.delete')}
          <span className="sr-only"> {t('products.review.deleteBy', { name: review.user.name })}</span>
        </Button>
      </div>
    </li>
  );
}
