import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Zones the server and every package keep (issue 14, decision 020). Kept apart from the web's
// feature zones (their own block below); typescript-eslint's copy of the rule is used so the two never overwrite
// each other's options (a later block's options replace an earlier one's for the same rule).
const NO_E2E = {
  regex: '(^|/)e2e(/|$)',
  message: 'Production code never imports e2e/; shared test helpers belong to the tests.',
};
const NO_SERVER_MODULES = {
  regex: '(^|/)modules(/|$)',
  message: 'http/, platform/ and db/ serve the modules and never import them.',
};
const NO_RAW_SQL = {
  name: 'kysely',
  importNames: ['sql'],
  allowTypeImports: true,
  message: "SQL lives in the owning module's *.repository.ts (or db/).",
};
const QUERY_BUILDERS = [
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
];
const SQL_ONLY_IN_REPOSITORIES = [
  'error',
  {
    selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
    message: "Queries live in the owning module's *.repository.ts (or db/).",
  },
];
const TEST_CODE = ['**/*.test.{ts,tsx}', '**/test-support/**', '**/test/**'];
const zone = (...patterns) => ['error', { patterns }];
const zones = [
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: TEST_CODE,
    rules: { '@typescript-eslint/no-restricted-imports': zone(NO_E2E) },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...TEST_CODE, 'apps/server/src/**/*.repository.ts', 'apps/server/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [NO_RAW_SQL], patterns: [NO_E2E] },
      ],
      'no-restricted-syntax': SQL_ONLY_IN_REPOSITORIES,
    },
  },
  {
    files: ['apps/server/src/http/**/*.ts', 'apps/server/src/platform/**/*.ts'],
    ignores: TEST_CODE,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [NO_RAW_SQL], patterns: [NO_E2E, NO_SERVER_MODULES] },
      ],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    ignores: TEST_CODE,
    rules: { '@typescript-eslint/no-restricted-imports': zone(NO_E2E, NO_SERVER_MODULES) },
  },
];

/**
 * The web app's zones (ARCHITECTURE §2): imports flow one way, shared (components/, hooks/, lib/,
 * config/) → features → app/. A feature never imports another feature, by a relative path or by
 * the `@/` alias; app/ composes them. One block per feature, as its list of forbidden neighbours.
 */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const APP_FROM_BELOW = {
  group: ['@/app', '@/app/**', '**/app/*'],
  message: 'Only app/ composes the features; nothing below it imports app/ (ARCHITECTURE §2).',
};
const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
                `@/features/${other}`,
                `@/features/${other}/**`,
                `**/features/${other}`,
                `**/features/${other}/**`,
                ...['..', '../..', '../../..'].flatMap((up) => [
                  `${up}/${other}`,
                  `${up}/${other}/**`,
                ]),
              ]),
              message: `Features do not import each other: compose them in app/, or move what they share to components/, hooks/ or lib/ (ARCHITECTURE §2).`,
            },
            APP_FROM_BELOW,
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,hooks,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/**', '**/features/**'],
              message: 'Shared code imports no feature (ARCHITECTURE §2).',
            },
            APP_FROM_BELOW,
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.artifacts/**',
      'coverage/**',
      '.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not import each other; app/ composes them (ARCHITECTURE §2).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../features/*', '../features/*'], message: 'Compose features in app/.' },
          ],
        },
      ],
    },
  },
  ...zones,
  ...webZones,
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
