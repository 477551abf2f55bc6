import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './apps/server/src/test/database-tests.ts';

// With TEST_DATABASE_URL set (the PostgreSQL pass) only the files that touch the database run: those whose
// imports reach the test harness (apps/server/src/test/database-tests.ts states and checks the rule). The
// PGlite pass (`npm test`) runs every file.
const dbOnly = process.env.TEST_DATABASE_URL ? databaseTestFiles() : undefined;
const nodeFiles = ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'];
const adminFiles = ['apps/admin/src/**/*.test.tsx'];

// Tests drive the real app on a real database; PGlite start-up plus argon2 make each file take seconds.
// Two projects: the node suites as they were, and the back office's component tests (*.test.tsx) in a
// happy-dom document, which render the screens against the real server in the same process.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    isolate: false,
    // Vitest's default (one fewer than the cores) is a single file at a time on a 2-core CI box, which then
    // idles while a file waits on its database or its timers. Measured there on PGlite: 17.7 min one file
    // at a time (each start running initdb), 10.1 min two at a time from the migrated template
    // (apps/server/src/test/pglite-template.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each worker process imports the server once and runs its files one after the other (isolate: false):
    // a fresh module graph per file was a fifth of each pass (imports 186 s of 950 worker-seconds on PGlite).
    // It holds because a test file keeps its state in what it starts — its own app, database, data dir and
    // clock (test/harness.ts) — and puts back what it swaps (the back office's fetch, test/back-office.tsx);
    // only web/api/client.test.ts stubs globals (fetch, timers), and restores them after each test. Measured on the 2-core box: PGlite
    // pass 7:56 -> see README "Tests", PostgreSQL pass 5:43 -> 3:28.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: dbOnly ? dbOnly.filter((f) => f.endsWith('.test.ts')) : nodeFiles,
          // The PostgreSQL pass migrates one template database and copies it for each test app
          // (apps/server/src/test/postgres-template.ts): a copy takes about 0.5 s where migrating a fresh
          // database took about 2 s of each start. In this project only: a global setup of the root config
          // runs again for every project that extends it. Every project's setup runs before any test file,
          // so the admin-ui files copy it too.
          globalSetup: dbOnly ? ['apps/server/src/test/postgres-template.ts'] : [],
        },
      },
      {
        extends: true,
        test: {
          name: 'admin-ui',
          include: dbOnly ? dbOnly.filter((f) => f.endsWith('.test.tsx')) : adminFiles,
          environment: 'happy-dom',
          // A file's plain link click (a PDF, a download) must not navigate the shared window: with isolate
          // false the next file in the worker would start at about:blank (CI once read "blank" as the path).
          environmentOptions: {
            happyDOM: { settings: { navigation: { disableMainFrameNavigation: true } } },
          },
        },
      },
    ],
  },
});
