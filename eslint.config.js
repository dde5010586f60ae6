// One lint configuration for the whole repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.cache/**',
      'hack/testbed/modules/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },

  // Layering (docs/decisions.md): the contract below everything, the HTTP edge on top.
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'express',
                'react',
                'react-dom',
                'antd',
                '@kubernetes/*',
                '**/operator/**',
                '**/console/**',
              ],
              message: 'api/ is the shared contract: schemas and pure helpers only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '../*'],
              message:
                'The console imports @nimbus/api/shared at run time: no schemas, nothing else of api/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nimbus/api',
              allowTypeImports: true,
              message:
                'Import contract types only (zod stays out of the bundle); run-time helpers come from @nimbus/api/shared.',
            },
          ],
          patterns: [
            {
              group: ['**/operator/**', '**/api/src/**'],
              message: 'The console reaches the operator through the contract (@nimbus/api) only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['operator/src/**/*.ts'],
    ignores: [
      'operator/src/http/**',
      'operator/src/main.ts',
      'operator/src/testing/**',
      'operator/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/routes/**', '**/http/contract/**'],
              message:
                'Domain code does not depend on routes or the contract registration; the HTTP edge calls it.',
            },
            {
              group: ['**/hub/store.js'],
              importNames: ['createHubStore'],
              message: 'The hub store is built once, in main.ts, and handed to the services.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['operator/src/core/**/*.ts'],
    ignores: ['operator/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*'],
              message:
                'core/ (error catalogue, input helpers) is below everything: it imports no other operator code.',
            },
          ],
        },
      ],
    },
  },
);
