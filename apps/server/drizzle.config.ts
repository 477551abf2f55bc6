import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config apps/server/drizzle.config.ts` writes the next SQL migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/platform/schema.ts',
  out: './apps/server/migrations',
});
