import { defineConfig } from 'vitest/config';

// Tests drive the real app on a real database; PGlite start-up plus argon2 make each file take seconds.
// Two projects: the node suites as they were, and the back office's component tests (*.test.tsx) in a
// happy-dom document, which render the screens against the real server in the same process.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'admin-ui',
          include: ['apps/admin/src/**/*.test.tsx'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
