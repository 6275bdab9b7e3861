import { describe, expect, it } from 'vitest';
import { fieldIssuesFromApi } from '../../../src/components/form/api-issues';

const fields = ['name', 'email', 'phone', 'address', 'image'] as const;

describe('mapping API issues onto form fields', () => {
  it('puts each issue under the field its path names', () => {
    const { fieldIssues, otherIssues } = fieldIssuesFromApi(
      [
        { path: 'email', message: 'Invalid email address' },
        { path: 'phone', message: 'Invalid phone number' },
      ],
      fields,
    );
    expect(fieldIssues).toEqual([
      { field: 'email', message: 'Invalid email address' },
      { field: 'phone', message: 'Invalid phone number' },
    ]);
    expect(otherIssues).toEqual([]);
  });

  it('maps a nested path to its top-level field', () => {
    expect(fieldIssuesFromApi([{ path: 'image.url', message: 'Not a stored file' }], fields).fieldIssues).toEqual([
      { field: 'image', message: 'Not a stored file' },
    ]);
  });

  it('keeps the first message when a field has several', () => {
    const { fieldIssues } = fieldIssuesFromApi(
      [
        { path: 'name', message: 'Name is required' },
        { path: 'name', message: 'Too short' },
      ],
      fields,
    );
    expect(fieldIssues).toEqual([{ field: 'name', message: 'Name is required' }]);
  });

  it('leaves issues about no field of the form (the body, other fields) to the summary', () => {
    const issues = [
      { path: '(body)', message: 'Invalid request' },
      { path: 'createAt', message: 'Not allowed' },
      { path: 'named', message: 'A prefix of no field' },
    ];
    const { fieldIssues, otherIssues } = fieldIssuesFromApi(issues, fields);
    expect(fieldIssues).toEqual([]);
    expect(otherIssues).toEqual(issues);
  });
});
