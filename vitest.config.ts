import { defineConfig } from 'vitest/config';

// Tests drive the real app on a real database; PGlite start-up plus argon2 make each file take seconds.
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
