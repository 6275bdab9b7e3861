import { useEffect, useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { FieldError, errorAttributes } from '@/components/form-field';
import { acceptedImageTypes, imageFileProblem, uploadImage } from './image-file';
import { addImages, chooseFeatureImage, moveImage, removeImage, type ImageList } from './image-list';
import { useFocusAfterRender } from './use-focus-after-render';
import { Button } from '@/components/button';
import { t as translate, useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

interface ImageListUploadProps {
  /** The group's legend, e.g. "Images". */
  label: string;
  /** The images (`/api/files/<id>`, shipped `/images/...` or https URLs) and which one is the feature image. */
  value: ImageList;
  onChange: (next: ImageList) => void;
  /** The form's error for the images (e.g. too few, from the schema or the API). */
  error?: string | undefined;
  /** The picker button (react-hook-form focuses it when the field is invalid). */
  ref?: Ref<HTMLButtonElement>;
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Several images, each stored through POST /api/files (checked here first, as in
 * `ImageUpload`) and shown from there, so the list survives a reload and works offline.
 * Thumbnails reorder by dragging or with their move buttons; one of them is the feature image.
 */
export function ImageListUpload({ label, value, onChange, error, ref }: ImageListUploadProps) {
  const t = useT('common');
  const controlId = useId();
  const hintId = `${controlId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [draggingFiles, setDraggingFiles] = useState(false);
  const [draggedIndex, setDraggedIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const focusAfterRender = useFocusAfterRender();
  // An upload ends after the user may have moved or removed images: add to the latest list.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });

  const buttonId = (action: 'left' | 'right' | 'remove', index: number) => `${controlId}-${action}-${index}`;
  const { images, featureImage } = value;
  const last = images.length - 1;

  const take = async (files: readonly File[]) => {
    if (files.length === 0 || uploading) return;
    const found: string[] = [];
    const stored: string[] = [];
    setUploading(true);
    for (const file of files) {
      const problem = imageFileProblem(file);
      if (problem) {
        found.push(problem);
        continue;
      }
      try {
        stored.push((await uploadImage(file)).url);
      } catch (caught) {
        found.push(caught instanceof Error ? caught.message : translate('common.imageList.notStored', { name: file.name }));
      }
    }
    setUploading(false);
    setProblems(found);
    if (stored.length > 0) {
      onChange(addImages(latest.current, stored));
      setAnnouncement(translate('common.imageList.added', { count: stored.length }));
    }
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to > last || from === to) return;
    onChange(moveImage(value, from, to));
    setAnnouncement(t('common.imageList.moved', { from: formatNumber(from + 1), to: formatNumber(to + 1) }));
    // Keep focus on the same direction's button unless the image reached that end.
    const direction = to < from ? 'left' : 'right';
    const atEnd = direction === 'left' ? to === 0 : to === last;
    focusAfterRender(buttonId(atEnd ? (direction === 'left' ? 'right' : 'left') : direction, to));
  };

  const remove = (index: number) => {
    onChange(removeImage(value, index));
    setAnnouncement(t('common.imageList.removed', { number: formatNumber(index + 1) }));
    const remaining = images.length - 1;
    focusAfterRender(remaining === 0 ? controlId : buttonId('remove', Math.min(index, remaining - 1)));
  };

  const onDropFiles = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDraggingFiles(false);
    void take([...event.dataTransfer.files]);
  };

  const message = problems.length > 0 ? problems.join(' ') : error;
  const { 'aria-describedby': errorId, ...invalid } = errorAttributes(controlId, message);
  return (
    // Files dropped anywhere on the group (thumbnails too) are added, rather than opened by the browser.
    <fieldset
      className="space-y-2"
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDraggingFiles(true);
      }}
      onDragLeave={() => setDraggingFiles(false)}
      onDrop={onDropFiles}
    >
      <legend className="text-sm font-medium">{label}</legend>
      {images.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((url, index) => {
            const number = formatNumber(index + 1);
            const isFeature = url === featureImage;
            return (
              <li
                key={url}
                draggable
                onDragStart={(event) => {
                  setDraggedIndex(index);
                  event.dataTransfer.effectAllowed = 'move';
                  // Firefox starts a drag only with some data.
                  event.dataTransfer.setData('text/plain', url);
                }}
                onDragOver={(event) => {
                  if (draggedIndex === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => {
                  if (draggedIndex === null) return;
                  event.preventDefault();
                  move(draggedIndex, index);
                  setDraggedIndex(null);
                }}
                onDragEnd={() => setDraggedIndex(null)}
                className={`overflow-hidden rounded-lg border bg-white dark:bg-slate-900 ${
                  isFeature ? 'border-indigo-500 ring-2 ring-indigo-500/40' : 'border-slate-200 dark:border-slate-700'
                } ${draggedIndex === index ? 'opacity-50' : ''} cursor-grab active:cursor-grabbing`}
              >
                <div className="relative">
                  <img src={url} alt={isFeature ? t('common.imageList.featureAlt', { number }) : t('common.imageList.alt', { number })} draggable={false} className="aspect-square w-full object-cover" />
                  {isFeature && (
                    <span aria-hidden="true" className="absolute start-1 top-1 rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-medium text-white">
                      {t('common.imageList.featureBadge')}
                    </span>
                  )}
                </div>
                <div className="flex flex-wrap justify-between">
                  <Button
                    id={buttonId('left', index)}
                    variant="icon"
                    aria-label={t('common.imageList.moveEarlier', { number })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    {/* Earlier in the list is to the inline start: the arrow follows the direction. */}
                    <span aria-hidden="true" className="inline-block rtl:rotate-180">
                      ←
                    </span>
                  </Button>
                  <Button
                    id={buttonId('right', index)}
                    variant="icon"
                    aria-label={t('common.imageList.moveLater', { number })}
                    disabled={index === last}
                    onClick={() => move(index, index + 1)}
                  >
                    <span aria-hidden="true" className="inline-block rtl:rotate-180">
                      →
                    </span>
                  </Button>
                  <Button
                    variant="icon"
                    className="aria-pressed:text-indigo-600 dark:aria-pressed:text-indigo-400"
                    aria-label={t('common.imageList.useAsFeature', { number })}
                    aria-pressed={isFeature}
                    onClick={() => {
                      onChange(chooseFeatureImage(value, index));
                      setAnnouncement(t('common.imageList.isFeature', { number }));
                    }}
                  >
                    <span aria-hidden="true">{isFeature ? '★' : '☆'}</span>
                  </Button>
                  <Button
                    id={buttonId('remove', index)}
                    variant="iconDanger"
                    aria-label={t('common.imageList.remove', { number })}
                    onClick={() => remove(index)}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div
        aria-busy={uploading}
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-4 text-center sm:flex-row sm:text-start ${
          draggingFiles ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-500/10' : 'border-slate-300 dark:border-slate-600'
        }`}
      >
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {t('common.imageList.hint')}
        </p>
        <Button
          ref={ref}
          id={controlId}
          variant="secondary"
          className="shrink-0"
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          {...invalid}
          aria-disabled={uploading}
          onClick={() => !uploading && inputRef.current?.click()}
        >
          {uploading ? t('common.image.uploading') : t('common.imageList.add')}
        </Button>
        {/* Opened by the button; hidden so the keyboard meets one control, not two. */}
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={acceptedImageTypes.join(',')}
          hidden
          onChange={(event) => {
            void take([...(event.target.files ?? [])]);
            // Picking the same files again must fire onChange again.
            event.target.value = '';
          }}
        />
      </div>
      {/* Live: upload verdicts come after the picker closes, away from the button. */}
      <div aria-live="polite">
        <FieldError controlId={controlId} error={message} />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
