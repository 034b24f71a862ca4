import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
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
    // Server boundaries (docs/adr/2026-11-24-server-feature-plugins.md): a feature reaches another only
    // through its front door, features/<f>/index.ts; platform and chain import no feature; the
    // composition root (app.ts, main.ts) wires features through their front doors too.
    files: ['apps/server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/server/**/*.ts'],
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/server/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'platform', pattern: 'apps/server/src/platform', partialMatch: false },
        { type: 'platform', pattern: 'apps/server/src/chain', partialMatch: false },
        { type: 'server-test', pattern: 'apps/server/test', partialMatch: false },
        // what is left directly in apps/server/src: app.ts and main.ts (the elements above match first)
        { type: 'root', pattern: 'apps/server/src', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.ts' },
        { category: 'test', pattern: '**/*.testkit.ts' },
        { category: 'test', pattern: 'apps/server/test/**' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{ from.captured.feature }}' },
                    fileInternalPath: '!index.ts',
                  },
                },
              },
              message: 'Import another feature through its front door, features/<f>/index.ts.',
            },
            {
              from: { element: { type: 'platform' } },
              disallow: { to: { element: { type: 'feature' } } },
              message: 'Platform and chain code import no feature: pass what they need in from app.ts.',
            },
            {
              from: { element: { type: 'root' } },
              disallow: { to: { element: { type: 'feature', fileInternalPath: '!index.ts' } } },
              message: 'app.ts and main.ts reach a feature through its front door, features/<f>/index.ts.',
            },
            {
              // tests build their data through any feature's testkit (its test-facing door) or index.ts
              from: { file: { categories: 'test' } },
              allow: { to: { element: { type: 'feature', fileInternalPath: ['index.ts', '*.testkit.ts'] } } },
            },
            {
              // the whole-app tests of apps/server/test belong to no feature: doors and testkits only
              from: { element: { type: 'server-test' } },
              disallow: { to: { element: { type: 'feature', fileInternalPath: '!{index.ts,*.testkit.ts}' } } },
              message: 'Reach a feature from apps/server/test through its index.ts or its testkit.',
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
