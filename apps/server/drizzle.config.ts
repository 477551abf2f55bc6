import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config apps/server/drizzle.config.ts` drafts the next SQL migration. Read the
// draft before keeping it: the foreign keys to users(id) of ledger_accounts, idempotency_keys, uploads and
// audit_log live only in the SQL (platform and ledger tables import no domain table), so a draft that drops
// them is wrong.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/schema.ts',
  out: './apps/server/migrations',
});
