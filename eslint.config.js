import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import translations from './scripts/eslint/no-literal-text.mjs';
import { UNTRANSLATED } from './scripts/eslint/untranslated.mjs';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'dev-dist', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Text people read comes from the message catalogues (docs/translations.md). UNTRANSLATED
    // lists the files still to move there; each leaves the list when its text has moved.
    files: ['src/**/*.tsx'],
    ignores: UNTRANSLATED,
    plugins: { translations },
    rules: { 'translations/no-literal-text': 'error' },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.{ts,mjs}', 'build/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  // The parts' boundaries (docs/architecture.md): domain/ imports none of the others;
  // nothing but the worker imports sw/; the server and the app never import each other.
  // A feature of the app imports no other feature: what two share lives in src/components or src/lib.
  ...boundaries({
    'domain/**/*.ts': ['sw', 'src', 'seed', 'server'],
    'seed/**/*.ts': ['sw', 'src', 'server'],
    'src/**/*.{ts,tsx}': ['sw', 'server'],
    'sw/**/*.ts': ['src', 'server'],
    'server/**/*.ts': ['sw', 'src'],
    ...Object.fromEntries(features().map((feature) => [`src/features/${feature}/**/*.{ts,tsx}`, ['sw', 'server', ...features().filter((other) => other !== feature).map((other) => `feature:${other}`)]])),
  }),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);

/** One config per part: an import of a part it must not use (by relative path, or `@/` for src) is an error. */
function boundaries(forbidden) {
  return Object.entries(forbidden).map(([files, parts]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: parts.map((part) => ({
            regex: pattern(part),
            message: part.startsWith('feature:')
              ? `${files.split('/**')[0]} must not import another feature (${part.slice(8)}): share it through src/components or src/lib (docs/architecture.md, "Boundaries").`
              : `${files.split('/')[0]}/ must not import ${part}/ (docs/architecture.md, "Boundaries").`,
          })),
        },
      ],
    },
  }));
}

/** An import of a part: by relative path, `@/` for src, `@/features/<name>` or a relative path into it for a feature. */
function pattern(part) {
  if (part === 'src') return '^(@/|(\\.\\./)+src/)';
  if (part.startsWith('feature:')) return `^(@/features/${part.slice(8)}(/|$)|(\\.\\./)+${part.slice(8)}/)`;
  return `^(\\.\\./)+${part}/`;
}

/** The app's features (src/features/<name>). */
function features() {
  return readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
