// The components whose text has not moved to the message catalogues yet (docs/translations.md):
// the literal-text check (scripts/eslint/no-literal-text.mjs) skips them. A file leaves the list
// once its text is translated; the list ends empty.
export const UNTRANSLATED = [
  'src/features/portal/my-sync-page.tsx',
  'src/features/session/components/login-page.tsx',
  'src/features/team/components/create-shop-form.tsx',
  'src/features/team/components/customers-section.tsx',
  'src/features/team/components/device-section.tsx',
  'src/features/team/components/invitations-for-you.tsx',
  'src/features/team/components/invite-form.tsx',
  'src/features/team/components/member-row.tsx',
  'src/features/team/components/members-section.tsx',
  'src/features/team/components/pending-invitations.tsx',
  'src/features/team/components/pull-progress-bar.tsx',
  'src/features/team/components/shops-section.tsx',
  'src/features/team/components/team-screen.tsx',
  'src/features/team/components/team-settings-page.tsx',
  'src/features/team/components/upload-now.tsx',
  'src/features/team/components/upload-offer.tsx',
  'src/features/welcome/welcome-page.tsx',
];
