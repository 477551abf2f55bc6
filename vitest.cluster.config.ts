import { defineConfig } from 'vitest/config';

// `npm run test:cluster` (issue 15): real server processes on PostgreSQL and a private Redis, one story in
// order. Not part of `npm test`: it needs PostgreSQL (TEST_DATABASE_URL or the local one) and redis-server.
export default defineConfig({
  test: {
    include: ['apps/server/src/test/cluster/**/*.cluster.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
