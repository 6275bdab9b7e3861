import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { translatedMessage } from '@/lib/translated-message';

/** Every message in a form's errors (nested fields and arrays too) through `translate`. */
function translateErrors(errors: Record<string, unknown>, translate: (message: string) => string): void {
  for (const [key, value] of Object.entries(errors)) {
    // A field's `ref` is its element: not an error to walk into.
    if (key === 'ref' || !value || typeof value !== 'object' || (Object.getPrototypeOf(value) !== Object.prototype && !Array.isArray(value))) continue;
    const error = value as { message?: unknown };
    if (typeof error.message === 'string') error.message = translate(error.message);
    translateErrors(value as Record<string, unknown>, translate);
  }
}

/**
 * A resolver whose field errors speak the user's language: an entity schema's own messages
 * (domain/error-codes.ts, "field problems") translated as they come out of the schema. zod's own
 * messages are already translated by the parse's error map (src/i18n/validation.ts).
 */
export function translatedResolver<Values extends FieldValues, Context, Output>(resolver: Resolver<Values, Context, Output>): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    translateErrors(result.errors as FieldErrors<Values> as Record<string, unknown>, translatedMessage);
    return result;
  };
}
