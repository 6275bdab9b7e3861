import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ComboboxField, type ComboboxFieldProps } from './combobox-field';

interface ComboboxControllerProps<Values extends FieldValues, Output> extends Omit<ComboboxFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref'> {
  control: Control<Values, unknown, Output>;
  /** A text field of the form; its value is one of `options` or ''. */
  name: FieldPathByValue<Values, string>;
}

/** A `ComboboxField` bound to a form's text field: its value, changes, focus and error. */
export function ComboboxController<Values extends FieldValues, Output>({ control, name, ...combobox }: ComboboxControllerProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ComboboxField
          {...combobox}
          ref={field.ref}
          name={field.name}
          // `name` only names text fields; the check tells TypeScript so.
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
