import type { ApiRequestError } from '@/lib/api-client';

type ApiIssue = ApiRequestError['issues'][number];

export interface FieldIssue<Field extends string> {
  field: Field;
  message: string;
}

/**
 * Sorts the API's validation issues into those naming one of the form's fields (shown under
 * that field, first message per field) and the rest (left to the toast's summary). A nested
 * path such as `image.url` belongs to its top-level field.
 */
export function fieldIssuesFromApi<Field extends string>(
  issues: ReadonlyArray<ApiIssue>,
  fields: ReadonlyArray<Field>,
): { fieldIssues: FieldIssue<Field>[]; otherIssues: ApiIssue[] } {
  const known = new Set<string>(fields);
  const fieldIssues: FieldIssue<Field>[] = [];
  const otherIssues: ApiIssue[] = [];
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (!known.has(field)) otherIssues.push(issue);
    else if (!fieldIssues.some((existing) => existing.field === field)) fieldIssues.push({ field: field as Field, message: issue.message });
  }
  return { fieldIssues, otherIssues };
}
