import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Type-aware lint. Beyond the recommended sets: no floating promises, exhaustive switches, no
 * Math.random in server code (outcomes and tokens need a cryptographic RNG), and feature
 * boundaries: a feature reaches another only through that feature's public files, never its
 * internals (`components/`, `internal/`), and the server's modules never import another
 * module's routes.
 */
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.ts', '.dependency-cruiser.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/refs': 'off',
      // Which feature may import what is dependency-cruiser's (npm run lint:layers), which resolves
      // relative imports as well as aliased ones.
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use node:crypto (randomInt / randomBytes).' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/routes', '../*/routes.js', '../../modules/*/routes.js'],
              message: "Modules talk through services, never through another module's routes.",
            },
          ],
        },
      ],
    },
  },
  {
    // The back office's desk reports read any feature's tables; a change goes through that feature's module.
    files: ['apps/server/src/modules/admin/*-queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(insert|update|delete|execute)$/]',
          message: "The desk's reports only read: make a change through the owning feature's module.",
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts', 'apps/web/build/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      'no-console': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // Build scripts and benchmarks run in Node and print their figures.
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
