import { useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { FieldError, errorAttributes } from '@/components/form-field';
import { acceptedImageTypes, imageFileProblem, uploadImage } from './image-file';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

export interface ImageUploadProps {
  label: string;
  /** The image's URL (`/api/files/<id>`, or a seed `/images/...` path); none: a placeholder. */
  value: string | undefined;
  onChange: (url: string) => void;
  /** The form's error for this field (e.g. from the API). */
  error?: string | undefined;
  /** The picker button (react-hook-form focuses it when the field is invalid). */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * An image picked with the file picker or dropped on the zone, checked here (type, size),
 * stored through POST /api/files and shown from there with a plain <img>, so it survives a
 * reload and works offline. The value is the stored file's URL, never a blob: URL.
 */
export function ImageUpload({ label, value, onChange, error, ref }: ImageUploadProps) {
  const t = useT('common');
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const controlId = useId();
  const hintId = `${controlId}-hint`;
  const message = problem ?? error;

  const take = async (file: File | undefined) => {
    if (!file || uploading) return;
    const found = imageFileProblem(file);
    setProblem(found);
    if (found) return;
    setUploading(true);
    try {
      onChange((await uploadImage(file)).url);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : t('common.image.storeFailed'));
    } finally {
      setUploading(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const { 'aria-describedby': errorId, ...invalid } = errorAttributes(controlId, message ?? undefined);
  return (
    <div className="space-y-1">
      <span id={`${controlId}-label`} className="block text-sm font-medium">
        {label}
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-busy={uploading}
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-4 text-center sm:flex-row sm:text-start ${
          dragging ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-500/10' : 'border-slate-300 dark:border-slate-600'
        }`}
      >
        {value ? (
          <img src={value} alt={t('common.image.current', { label })} className="size-20 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid size-20 shrink-0 place-items-center rounded-full bg-slate-100 text-2xl text-slate-400 dark:bg-slate-800">
            +
          </span>
        )}
        <div className="space-y-2">
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
            {t('common.image.hint')}
          </p>
          <Button
            ref={ref}
            id={controlId}
            variant="secondary"
            aria-labelledby={`${controlId}-label ${controlId}`}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
            {...invalid}
            aria-disabled={uploading}
            onClick={() => !uploading && inputRef.current?.click()}
          >
            {uploading ? t('common.image.uploading') : value ? t('common.image.replace') : t('common.image.choose')}
          </Button>
        </div>
        {/* Opened by the button; hidden so the keyboard meets one control, not two. */}
        <input
          ref={inputRef}
          type="file"
          accept={acceptedImageTypes.join(',')}
          hidden
          onChange={(event) => {
            void take(event.target.files?.[0]);
            // Picking the same file again must fire onChange again.
            event.target.value = '';
          }}
        />
      </div>
      {/* Live: the check's verdict comes after the picker closes, away from the button. */}
      <div aria-live="polite">
        <FieldError controlId={controlId} error={message ?? undefined} />
      </div>
    </div>
  );
}
