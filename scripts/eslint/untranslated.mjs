// The components whose text has not moved to the message catalogues yet (docs/translations.md):
// the literal-text check (scripts/eslint/no-literal-text.mjs) skips them. A file leaves the list
// once its text is translated; the list ends empty.
export const UNTRANSLATED = [];
