import { useRef, useState, type KeyboardEvent } from 'react';
import { useDirection } from '@/lib/direction';
import { focusRing } from '@/components/layout/styles';
import { thumbnailIndexForKey } from './overview-format';
import { useT } from '@/i18n/i18n';

/**
 * The main image and a row of thumbnails ("Show image N"). The thumbnails are a toolbar, one
 * tab stop (roving tabindex): arrow keys, Home and End move to another one and show it.
 */
export function ProductGallery({ images, featureImage, title }: { images: string[]; featureImage: string; title: string }) {
  const t = useT('products');
  const [shownIndex, setShownIndex] = useState(() => Math.max(0, images.indexOf(featureImage)));
  const { direction } = useDirection();
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  // An edit elsewhere may leave fewer images than the index shown.
  const current = Math.min(shownIndex, images.length - 1);

  const moveWithKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = thumbnailIndexForKey(event.key, index, images.length, direction);
    if (next === null) return;
    event.preventDefault();
    setShownIndex(next);
    thumbnails.current[next]?.focus();
  };

  if (images.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
        <img src={images[current]} alt={t('products.gallery.image', { title, number: current + 1, count: images.length })} className="size-full object-contain" />
      </div>
      {images.length > 1 && (
        // A toolbar: the role that tells assistive tech the arrow keys move between its buttons.
        <div role="toolbar" aria-label={t('products.gallery.images')} className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <button
              key={`${index}-${image}`}
              ref={(button) => {
                thumbnails.current[index] = button;
              }}
              type="button"
              aria-label={t('products.gallery.show', { number: index + 1 })}
              aria-pressed={index === current}
              tabIndex={index === current ? 0 : -1}
              onClick={() => setShownIndex(index)}
              onKeyDown={(event) => moveWithKey(event, index)}
              className={`size-16 overflow-hidden rounded-md border-2 bg-slate-50 sm:size-20 dark:bg-slate-800 ${
                index === current ? 'border-indigo-600 dark:border-indigo-400' : 'border-transparent opacity-80 hover:opacity-100'
              } ${focusRing}`}
            >
              <img src={image} alt="" className="size-full object-contain" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
