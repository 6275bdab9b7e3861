import type { ApiRequestError } from '@/lib/api-client';

type ApiIssue = ApiRequestError['issues'][number];

export interface FieldIssue<Field extends string> {
  field: Field;
  message: string;
}

/**
 * Sorts the API's validation issues into those naming one of the form's fields (shown under
 * that field, first message per field) and the rest (left to the toast's summary). A nested
 * path such as `image.url` belongs to its top-level field, unless `fieldOfPath` says where an
 * issue goes (a form with nested fields: `billingAddress.email`, a row's `price` in `products`;
 * undefined leaves it to the toast).
 */
export function fieldIssuesFromApi<Field extends string>(
  issues: ReadonlyArray<ApiIssue>,
  fields: ReadonlyArray<Field>,
  fieldOfPath?: (path: string) => Field | undefined,
): { fieldIssues: FieldIssue<Field>[]; otherIssues: ApiIssue[] } {
  const known = new Set<string>(fields);
  const topLevelField = (path: string) => {
    const field = path.split('.')[0] ?? '';
    return known.has(field) ? (field as Field) : undefined;
  };
  const fieldIssues: FieldIssue<Field>[] = [];
  const otherIssues: ApiIssue[] = [];
  for (const issue of issues) {
    const field = (fieldOfPath ?? topLevelField)(issue.path);
    if (field === undefined) otherIssues.push(issue);
    else if (!fieldIssues.some((existing) => existing.field === field)) fieldIssues.push({ field, message: issue.message });
  }
  return { fieldIssues, otherIssues };
}
