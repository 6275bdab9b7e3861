import { useCallback, useEffect, useRef, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { validationMessage } from '@/i18n/validation';
import { t } from '@/i18n/i18n';
import { translatedResolver } from './translated-resolver';
import type * as z from 'zod';
import { ApiRequestError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { fieldIssuesFromApi } from './api-issues';
import { useFormDraft } from './use-form-draft';

export interface ApiFormOptions<Values extends FieldValues, Output, Result> {
  /** The entity's zod schema (the one `sw/api` validates with), so both sides agree. */
  schema: z.ZodType<Output, Values>;
  defaultValues: Values;
  /** Sends the valid values to the API. */
  save: (values: Output) => Promise<Result>;
  /** Called once saved (after the draft is dropped and the form is clean), e.g. to navigate. */
  onSaved?: (result: Result) => void;
  /** The promise toast: "saving" while the request runs, "saved" after; failures show the API's message. */
  messages: { saving: string; saved: string };
  /** Where unsaved changes are kept (e.g. `users/3`); none: no draft. */
  draftKey?: string;
  /** The failure toast's text; by default the error's message (the API's). */
  describeError?: (error: unknown) => string;
  /**
   * Which field shows an API issue (by its path, e.g. `billingAddress.email`) for a form with
   * nested fields; undefined leaves it to the toast. By default an issue goes under its
   * top-level field.
   */
  issueField?: (path: string) => string | undefined;
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : t('common.form.saveFailed'));

/**
 * A react-hook-form form validated by the entity's zod schema that saves through the API:
 * one request at a time, a promise toast, the API's `issues` shown under the fields they
 * name, and a draft of unsaved changes kept on the device.
 */
export function useApiForm<Values extends FieldValues, Output, Result>({
  schema,
  defaultValues,
  save,
  onSaved,
  messages,
  draftKey,
  describeError = errorText,
  issueField,
}: ApiFormOptions<Values, Output, Result>) {
  const form = useForm<Values, unknown, Output>({
    // zod's own messages in the user's language, and the entity schema's own.
    resolver: translatedResolver(zodResolver(schema, { error: validationMessage })),
    defaultValues: defaultValues as DefaultValues<Values>,
    // Messages from the first save on, then live as the user corrects them. (Validating on
    // blur flagged untouched sibling rows of a field array, and the message vanishing on the
    // next blur moved the layout under the pointer: a click on "Add feature" missed.)
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const draft = useFormDraft(form, draftKey);

  // Refs, not state: a second submit (a double click, Enter held down) arrives before a
  // re-render, and the leave guard asks right after a save, before one.
  const saving = useRef(false);
  const dirty = useRef(false);
  const { isDirty } = form.formState;
  useEffect(() => {
    dirty.current = isDirty;
  }, [isDirty]);
  const hasUnsavedChanges = useCallback(() => dirty.current, []);

  const saveValues = async (values: Output) => {
    if (saving.current) return;
    saving.current = true;
    const request = save(values);
    notify.promise(request, { loading: messages.saving, success: messages.saved, error: describeError });
    try {
      const result = await request;
      dirty.current = false;
      // The saved values become the form's baseline: clean, nothing left to keep as a draft.
      form.reset(form.getValues());
      draft.discard();
      onSaved?.(result);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const { fieldIssues } = fieldIssuesFromApi<string>(error.issues, Object.keys(form.getValues()), issueField);
        fieldIssues.forEach(({ field, message }, index) =>
          form.setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
        );
      }
    } finally {
      saving.current = false;
    }
  };
  // Built per submit (not during render) so react-hook-form never calls it while rendering.
  const submit = (event?: BaseSyntheticEvent) => form.handleSubmit(saveValues)(event);

  return { form, submit, draft, hasUnsavedChanges };
}
