import js from '@eslint/js'
import i18next from 'eslint-plugin-i18next'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Hooks called by the rules of hooks, effects that list what they read (docs/adr/2026-11-24-text-catalogs.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // What a person reads comes from the i18n texts (apps/web/src/i18n/locales): JSX text and the
    // attributes shown to them (tests are not the interface).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    // typed: a literal whose type is a literal union (a field key, a unit id) is code, not text
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['title', 'placeholder', 'aria-label', 'alt'], exclude: [] },
        },
      ],
    },
  },
  {
    // A web feature is reached only through its front door, features/<f>/index.ts (STYLE.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*/*'], message: 'Import another feature through its index: @/features/<f>.' },
            {
              group: ['@kinetic/wallet-core'],
              message: 'Only features/wallet may use wallet-core (keys stay behind a wall).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/wallet/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*/*'], message: 'Import another feature through its index: @/features/<f>.' },
          ],
        },
      ],
    },
  },
  {
    // Server features keep their SQL and rules to themselves: no reaching into another feature's repo or service.
    files: ['apps/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repo.ts', '../*/*.service.ts'],
              message: "Use the other feature's methods or tables, not its repo/service internals.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'apps/server/test/**', 'apps/web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
