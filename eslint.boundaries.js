// Architecture boundaries (DESIGN.md §2), checked on every import by eslint-plugin-boundaries:
// platform knows no domain, the ledger knows only platform, the front ends never reach into the server,
// and the contract knows no app. Tests are exempt: they drive the whole app (test/harness.ts, app.inject).
// Cycles between the server's folders are checked by scripts/server-deps.test.ts, which sees the folder graph.
import boundaries from 'eslint-plugin-boundaries';

const server = 'apps/server/src';
const tests = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*testing.ts',
  `${server}/test/**`,
  'apps/admin/src/test/**',
];

const elements = [
  { type: 'server-platform', pattern: `${server}/platform`, partialMatch: false },
  { type: 'server-ledger', pattern: `${server}/ledger`, partialMatch: false },
  { type: 'server-test', pattern: `${server}/test`, partialMatch: false },
  { type: 'server-domain', pattern: `${server}/*`, partialMatch: false },
  // app.ts, main.ts and schema.ts: the composition root, which names every domain.
  { type: 'server-root', pattern: 'apps/server', partialMatch: false },
  { type: 'web', pattern: 'apps/web', partialMatch: false },
  { type: 'admin', pattern: 'apps/admin', partialMatch: false },
  { type: 'contract', pattern: 'packages/contract', partialMatch: false },
  { type: 'i18n', pattern: 'packages/i18n', partialMatch: false },
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const serverTypes = ['server-platform', 'server-ledger', 'server-test', 'server-domain', 'server-root'];

export const boundariesConfig = {
  files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
  ignores: tests,
  plugins: { boundaries },
  settings: {
    'boundaries/elements': elements,
    'boundaries/include': ['apps/**/*', 'packages/**/*'],
    // `export … from` and `import()` cross boundaries as much as `import` does.
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'server-platform' } },
            disallow: to('server-ledger', 'server-test', 'server-domain', 'server-root'),
            message: 'platform knows no domain: domains register into platform (DESIGN.md §2)',
          },
          {
            from: { element: { type: 'server-ledger' } },
            disallow: to('server-test', 'server-domain', 'server-root'),
            message: 'the ledger imports only platform',
          },
          {
            from: { element: { types: { anyOf: ['web', 'admin'] } } },
            disallow: to(...serverTypes),
            message: 'a front end talks to the server over HTTP and shares only the contract',
          },
          {
            from: { element: { types: { anyOf: ['contract', 'i18n'] } } },
            disallow: to(...serverTypes, 'web', 'admin'),
            message: 'the shared packages know no app',
          },
        ],
      },
    ],
  },
};

/** The same boundaries for imports by workspace name, which the plugin leaves to the package resolver. */
const noAppByName = (apps, message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: apps.flatMap((app) => [`@tradewind/${app}`, `@tradewind/${app}/*`]), message }] },
  ],
});
export const workspaceNameConfigs = [
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    ignores: tests,
    rules: noAppByName(['server'], 'a front end talks to the server over HTTP and shares only the contract'),
  },
  {
    files: ['packages/**/*.ts'],
    rules: noAppByName(['server', 'web', 'admin'], 'the shared packages know no app'),
  },
];
