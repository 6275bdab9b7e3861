// The components whose text has not moved to the message catalogues yet (docs/translations.md):
// the literal-text check (scripts/eslint/no-literal-text.mjs) skips them. A file leaves the list
// once its text is translated; the list ends empty.
export const UNTRANSLATED = [
  'src/components/faq-browser.tsx',
  'src/components/form/combobox-field.tsx',
  'src/components/form/image-list-upload.tsx',
  'src/components/second-step-code.tsx',
];
