import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ImageUpload, type ImageUploadProps } from './image-upload';

interface ImageUploadControllerProps<Values extends FieldValues, Output> extends Pick<ImageUploadProps, 'label'> {
  control: Control<Values, unknown, Output>;
  /** The form's image URL field; '' or undefined: no image yet. */
  name: FieldPathByValue<Values, string | undefined>;
}

/** An `ImageUpload` bound to a form's image URL field (a profile's photo, a user's avatar). */
export function ImageUploadController<Values extends FieldValues, Output>({ control, name, label }: ImageUploadControllerProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageUpload
          ref={field.ref}
          label={label}
          // `name` only names text fields; the check tells TypeScript so ('' shows the placeholder too).
          value={typeof field.value === 'string' && field.value !== '' ? field.value : undefined}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
