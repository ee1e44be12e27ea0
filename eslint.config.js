// Lint: the recommended JavaScript and typescript-eslint rules, plus the workspace
// boundaries of docs/architecture.md ("Workspaces": which workspace may import which).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The workspaces whose sources (`<workspace>/src`) each workspace may import. A workspace
 * imports only those below it; none imports `standalone`, the composition root. Tests,
 * `bench/` and `scripts/` may import anything.
 */
const mayImport = {
  // Browser-safe shared truth: zod and nothing else (see `externalOnly`).
  contracts: [],
  // The store ports and adapters know nothing of the domain.
  'event-store': [],
  'read-store': [],
  // Backend plumbing shared by every service; no service.
  'service-kit': ['contracts'],
  // Encrypts and decrypts personal fields around the event store port; keys never leave it.
  'personal-data': ['contracts', 'event-store', 'service-kit'],
  projections: ['contracts', 'event-store', 'read-store', 'service-kit'],
  // The Merkle tree over the log as stored, its signed heads and proofs; it reads no read model.
  notary: ['contracts', 'event-store', 'read-store', 'service-kit'],
  // The command side decides from the event log and never reads read models.
  // It also destroys a deleted account's data key (the erasure reactor).
  'command-service': ['contracts', 'event-store', 'service-kit', 'personal-data'],
  // The query side reads read models through their own queries
  // (`@stays/projections/read-models`) and the notary's collections through its
  // (`@stays/notary/queries`): such a module is the contract between the follower that
  // writes the collections and the service that reads them.
  'query-service': ['contracts', 'read-store', 'service-kit', 'projections', 'notary'],
  frontend: ['contracts'],
  standalone: ['contracts', 'event-store', 'read-store', 'service-kit', 'personal-data', 'projections', 'notary', 'command-service', 'query-service'],
};

const workspaces = Object.keys(mayImport);

/** Outside packages a workspace's sources may use, where it is not every package. */
const externalOnly = { contracts: ['zod'] };

const nodeBuiltins = [...new Set(builtinModules.map((name) => name.replace(/\/.*/, '')))];
const anyOf = (names) => `(?:${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;

/**
 * Files that may import more than their workspace, each with its reason. A service's
 * production entry is where its adapters are wired, and nothing else in the workspace
 * gets the exception.
 */
const entryExceptions = {
  // The MongoDB key store tells a passing failure (an election, a dropped connection) from
  // others by the read store's reading of the driver's errors (`@stays/read-store/mongodb-errors`),
  // so the two MongoDB adapters agree on what a retry may fix.
  'personal-data/src/mongo-key-storage.ts': ['read-store'],
  // Asks EventStoreDB for the log's head, to refuse an X-Min-Position the log has not
  // reached, and to append the record of each auditor's read (audit/audit-trail.ts); it
  // reveals the records auditors read with the personal-data keys. The query service's
  // routes still read only read models.
  'query-service/src/server.ts': ['event-store', 'personal-data'],
  // An owner's copy of their data reads the streams of the hotel's rooms and bookings, which
  // the occupancy read model lists (accounts/exporting-data/hotel-streams.ts): the command
  // service's process wires that read model's query and its progress in.
  'command-service/src/server.ts': ['projections', 'read-store'],
  // The projections worker and the rebuild CLI read the log through the personal-data
  // layer; the projections themselves see plain values and never handle keys. The worker
  // also runs the notary, over the log as stored.
  'projections/src/server.ts': ['personal-data', 'notary'],
  'projections/src/cli.ts': ['personal-data'],
};

/** Regular expressions (source text) for the import specifiers a workspace's sources may not use. */
function forbiddenImports(workspace, allowed) {
  const others = workspaces.filter((name) => name !== workspace && !allowed.includes(name));
  const rules = [
    {
      regex: `^(?:\\.\\./)+${anyOf(workspaces)}/`,
      message: 'Import another workspace by its package name (@stays/…), never by a relative path.',
    },
  ];
  if (others.length > 0) {
    rules.push({
      regex: `^@stays/${anyOf(others)}(?:/|$)`,
      message: `${workspace} may import ${
        allowed
          .map((name) => `@stays/${name}`)
          .join(', ')
          .replace(/^(?=.)/, 'only ') || 'no other workspace'
      } (docs/architecture.md, Workspaces).`,
    });
  }
  if (externalOnly[workspace]) {
    rules.push({
      regex: `^(?!\\.\\.?/|${anyOf(externalOnly[workspace])}(?:/|$))`,
      message: `${workspace} may import only ${externalOnly[workspace].join(', ')} (docs/architecture.md, Workspaces).`,
    });
  }
  if (workspace === 'frontend') {
    rules.push({
      regex: `^(?:node:|${anyOf(nodeBuiltins)}(?:/|$))`,
      message: 'The frontend runs in the browser: no Node built-ins.',
    });
  }
  return rules;
}

// esquery reads a regular expression up to its first '/', so write slashes as an escape.
const selectorRegex = (source) => source.replaceAll('/', '\\u002F');

/** The boundary rules for `files` of `workspace`, which may import the `allowed` workspaces. */
function boundary(name, files, workspace, allowed) {
  const forbidden = forbiddenImports(workspace, allowed);
  return {
    name: `stays/boundaries/${name}`,
    files,
    rules: {
      // import and export declarations, type-only ones included
      'no-restricted-imports': ['error', { patterns: forbidden.map(({ regex, message }) => ({ regex, message, caseSensitive: true })) }],
      // import() expressions and import('…') types, which the rule above does not see
      'no-restricted-syntax': [
        'error',
        ...forbidden.flatMap(({ regex, message }) => [
          { selector: `ImportExpression[source.value=/${selectorRegex(regex)}/]`, message },
          { selector: `TSImportType[argument.literal.value=/${selectorRegex(regex)}/]`, message },
        ]),
      ],
    },
  };
}

const boundaries = [
  ...workspaces.map((workspace) => boundary(workspace, [`${workspace}/src/**/*.{ts,tsx}`], workspace, mayImport[workspace])),
  // later entries win for the files they name
  ...Object.entries(entryExceptions).map(([file, extra]) => {
    const workspace = file.slice(0, file.indexOf('/'));
    return boundary(file, [file], workspace, [...mayImport[workspace], ...extra]);
  }),
];

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', '**/.test-data/', '**/test-results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An unused binding is dead code; a leading underscore marks one a signature requires.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Text fields refuse control characters by matching them in regular expressions.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/test/**/*.{ts,tsx}', 'bench/**/*.ts'],
    // Test clients read JSON answers as loosely as axios does; the assertions check their shape.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Services log through the process's logger (service-kit observability: JSON lines, redaction);
    // a command-line tool's output is for the person who ran it, and stays plain.
    files: ['{service-kit,command-service,query-service,projections,notary,personal-data,standalone}/src/**/*.ts'],
    ignores: ['**/cli.ts', '**/*-cli.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // A CommonJS file (mocha loads its reporters with require) can only require.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaries,
);
