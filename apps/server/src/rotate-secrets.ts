// `npm run rotate-secrets`: re-seals every value encrypted at rest under SECRET_KEY, reading old values with
// SECRET_KEY_PREVIOUS (README "Rotating SECRET_KEY"). Safe beside serving nodes and safe to run again.
// Exit 0: everything is under the current key; 1: some rows open under neither key (listed); 78: bad config.
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { loadSecrets } from './platform/secrets.ts';
import * as schema from './schema.ts';
import { rotateMethodSecrets } from './wallet/rotate-secrets.ts';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
    if (!config.secretKey) throw new ConfigError('rotate-secrets: set SECRET_KEY (the new key)');
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`tradewind: ${err.message}\n`);
      return 78;
    }
    throw err;
  }
  if (!config.secretKeyPrevious)
    process.stderr.write('rotate-secrets: SECRET_KEY_PREVIOUS is not set; only checking under SECRET_KEY\n');
  // Its warning ("run rotate-secrets") is for the serving nodes; this is that run.
  const secrets = await loadSecrets(config, () => undefined);
  const database = await openDatabase(config, schema);
  try {
    const result = await rotateMethodSecrets(database.db, secrets);
    process.stdout.write(
      `withdrawal methods: ${result.checked} checked, ${result.resealed} re-sealed, ` +
        `${result.refingerprinted} fingerprints recomputed, ${result.unreadable.length} unreadable\n`,
    );
    if (result.unreadable.length > 0) {
      process.stderr.write(`rows opening under neither key (ids): ${result.unreadable.join(', ')}\n`);
      return 1;
    }
    process.stdout.write('done: SECRET_KEY_PREVIOUS can now be removed from every node\n');
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`rotate-secrets failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
