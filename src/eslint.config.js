import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// no-restricted-imports set in a later block replaces the one of an earlier block (it is not merged), so every
// server block below names the server's own restriction again.
const notWeb = { group: ['**/web/**'], message: 'The server and the web both import src/shared, never each other.' };
const notHttp = {
  group: ['**/http', '**/http/**'],
  message: 'A repository does not import src/server/http/: it answers with rows or throws a plain error; the route (or http/) turns that into a status.',
};
const noQueryInRoutes = 'A route does not query the database: put the query in the resource\'s repo and call it from here.';
// Kysely's query builders, by name: whatever a route calls them on (ctx.db.kysely, a trx), it is a query.
const KYSELY_BUILDERS = /^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/;

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'e2e/.results/**', 'e2e/.report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles at run time: static imports, re-exports and import() all count; `import type` (and
    // imports whose names are all `type`) do not, as they are erased (README, Decisions).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Resolutions are kept for the whole run (default: 30 s, after which a loaded machine resolved every import again).
      'import-x/cache': { lifetime: '∞' },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.resolve(import.meta.dirname, '../tsconfig.json') })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '../server/*', '../web/*', '**/server/**', '**/web/**'] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notWeb] }] },
  },
  {
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: noQueryInRoutes }], patterns: [notWeb] }],
      'no-restricted-syntax': [
        'error',
        { selector: `MemberExpression[property.name=${KYSELY_BUILDERS}]`, message: noQueryInRoutes },
        {
          // ctx.db.kysely may be handed to a repo (new XRepo(ctx.db.kysely)) or a function, never used here (a
          // builder called on it is reported once, above).
          selector: `MemberExpression[property.name='kysely']:not(NewExpression > .arguments, CallExpression > .arguments, MemberExpression[property.name=${KYSELY_BUILDERS}] > .object)`,
          message: noQueryInRoutes,
        },
      ],
    },
  },
  {
    // Repositories, and the stores that are the links' repositories.
    files: ['src/server/**/*.repo.ts', 'src/server/**/*.store.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notWeb, notHttp] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', '**/server/**'] }] },
  },
);
