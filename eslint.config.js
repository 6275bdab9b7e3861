import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  // The parts' boundaries (docs/architecture.md): domain/ imports none of the others;
  // nothing but the worker imports sw/; the server and the app never import each other.
  ...boundaries({
    'domain/**/*.ts': ['sw', 'src', 'seed', 'server'],
    'seed/**/*.ts': ['sw', 'src', 'server'],
    'src/**/*.{ts,tsx}': ['sw', 'server'],
    'sw/**/*.ts': ['src', 'server'],
    'server/**/*.ts': ['sw', 'src'],
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
            regex: part === 'src' ? '^(@/|(\\.\\./)+src/)' : `^(\\.\\./)+${part}/`,
            message: `${files.split('/')[0]}/ must not import ${part}/ (docs/architecture.md, "Boundaries").`,
          })),
        },
      ],
    },
  }));
}
