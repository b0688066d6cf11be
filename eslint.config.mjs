import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.deploy/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', 'api/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Chakra is reached only through @rumbo/shared/ui and react-i18next through @rumbo/shared, so
    // the site ships one, tree-shaken copy of each.
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@chakra-ui/react', message: 'Import from @rumbo/shared/ui.' },
            { name: 'react-i18next', message: 'Import useTranslation from @rumbo/shared.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // Every journey fails on a console error, an uncaught exception or a CSP violation.
    files: ['e2e/specs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', message: "Import from '../support/test' (it fails a journey on a console error)." }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['jest.setup.cjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
