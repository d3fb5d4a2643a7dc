import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Features do not import each other; app/ composes them.
const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./src/web/features/${name}`,
  from: './src/web/features',
  except: [`./${name}`],
  message: 'Features do not import each other; compose them in app/.',
}));

// Imports flow one way: web and server use shared; shared uses neither; web never uses server.
// In the web app: components/lib → features → app; features do not import each other.
const zones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'shared is isomorphic: it imports neither server nor web.',
  },
  { target: './src/web', from: './src/server', message: 'The web app talks to the server through the API only.' },
  { target: './src/server', from: './src/web', message: 'The server never imports web code.' },
  ...featureZones,
  {
    target: ['./src/web/features', './src/web/components', './src/web/lib', './src/web/config'],
    from: './src/web/app',
    message: 'app composes features, never the other way round.',
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/config'],
    from: './src/web/features',
    message: 'Shared web code does not depend on features.',
  },
];

// The test tree (fakes, factories, fixtures) is for tests: production code never imports it.
const testTree = ['./src/server/testing', './src/shared/testing', './src/web/testing'];
const testTreeZone = {
  target: './src',
  from: testTree,
  message: 'Production code never imports the test tree (src/*/testing); only tests and other test helpers do.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // Imports read in one order: node: built-ins, packages, #shared, #server, #web, then relative paths.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [
            { pattern: '#shared/**', group: 'internal', position: 'before' },
            { pattern: '#server/**', group: 'internal' },
            { pattern: '#web/**', group: 'internal', position: 'after' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,js}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/*/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, testTreeZone] }] },
  },
);
