// Lint is part of the test command. Besides the usual rules it enforces the import boundaries of
// docs/architecture.md ("Layout and who may import what"), so they hold without memory.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { boundaryZones } from './eslint/boundaries.js';
import { lengthExceptions } from './eslint/lengths.js';

const root = import.meta.dirname;

const noParentChains = {
  group: ['../../*'],
  message: 'No ../../ chains: use the #src/, #server/, #contract/ or #tests/ imports.',
};
const fromServer = {
  group: ['\\#server/*', '**/server/*'],
  message: 'src/ never imports server/: share through contract/.',
};
const fromSrc = {
  group: ['\\#src/*', '**/src/*'],
  message: 'server/ never imports src/: share through contract/.',
};
/**
 * The web app calls endpoints by path (contract/endpoint-paths.generated.ts, `npm run contract:paths`):
 * the contract's definitions would bring every zod schema into the bundle. Their types are fine.
 */
const fromEndpointAreas = {
  group: [
    '\\#contract/endpoints.ts',
    '**/contract/endpoints.ts',
    '\\#contract/*-endpoints.ts',
    '**/contract/*-endpoints.ts',
  ],
  allowTypeImports: true,
  message: 'src/ imports endpoints from #contract/endpoint-paths.generated.ts (paths only, no zod schemas).',
};
/**
 * A schema module builds its zod schemas when it is imported: a page that took a limit or a list of
 * values from one fetched zod and ran its schema setup at every open (~35 ms of the main thread,
 * issue 27). Values for the web app live in zod-free modules beside the schemas (contract/values/).
 */
const fromSchemas = {
  group: ['\\#contract/schemas/*', '**/contract/schemas/*'],
  allowTypeImports: true,
  message: 'src/ takes values from #contract/values/ (no zod); a schema module only for its types.',
};
const fromAppSide = {
  group: ['\\#src/features/*', '\\#src/routes/*', '\\#src/app/*'],
  message: 'ui/ and lib/ import nothing from features, routes or app.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      'data',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      'locales',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [noParentChains] }],
    },
  },
  {
    // Who may import what, by resolved path (eslint/boundaries.js).
    files: ['**/*.{js,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
    },
  },
  {
    // No import circles in the two programs and the contract (measured: about 15 s of CPU for the
    // 840 files, decision 0052).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One job per function (docs/architecture.md "Size"): a function over 120 lines or a file over
    // 300 does several. Blank lines and comments are not counted: a comment saying why is welcome.
    files: ['**/*.{js,ts,tsx}'],
    ignores: lengthExceptions,
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [noParentChains, fromServer, fromEndpointAreas, fromSchemas] },
      ],
    },
  },
  {
    files: ['src/ui/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noParentChains, fromServer, fromEndpointAreas, fromSchemas, fromAppSide] },
      ],
    },
  },
  {
    // A feature imports ui/, lib/ and contract/, never another feature. A script walking the imports
    // would be overkill: the rule below forbids reaching into features from a feature file by path
    // alias, and a feature's own files use relative imports.
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noParentChains,
            fromServer,
            fromEndpointAreas,
            fromSchemas,
            {
              group: ['\\#src/features/*', '\\#src/routes/*', '\\#src/app/*'],
              message: 'A feature never imports another feature, a route or app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noParentChains, fromSrc] }] },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noParentChains,
            fromSrc,
            fromServer,
            {
              group: ['react', 'react-*', 'fastify', 'kysely'],
              message: 'contract/ is pure TypeScript + zod.',
            },
          ],
        },
      ],
    },
  },
);
