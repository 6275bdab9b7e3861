/**
 * Which of a settings form's fields shows an API issue: the API names them within their
 * section (`profile.username`, `social.facebook`), the form by the field alone. Anything
 * else (undefined) is left to the toast.
 */
export function sectionIssueField<Field extends string>(section: string, fields: readonly Field[]) {
  return (path: string): Field | undefined => {
    const [first, second] = path.split('.');
    const name = first === section ? second : first;
    return fields.find((field) => field === name);
  };
}
