// `npm run backup [-- <dir>]` and `npm run restore -- <dir>`, with the app's own configuration (DATA_DIR,
// DATABASE_URL). Embedded mode: stop the app first. Scaled mode: backup runs beside live nodes (pg_dump takes
// a snapshot); restore goes into an empty database before any node starts on it.
import path from 'node:path';
import { loadConfig } from '../platform/config.ts';
import { backup, restore } from './backup.ts';

async function main(): Promise<void> {
  const [command, dir] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const out = path.resolve(dir ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-')));
    const manifest = await backup(config, out);
    process.stdout.write(`backup written to ${out}\n${JSON.stringify(manifest.ledger)}\n`);
  } else if (command === 'restore' && dir) {
    const { restored } = await restore(config, path.resolve(dir));
    process.stdout.write(
      `restored from ${dir}; the ledger matches the backup: ${JSON.stringify(restored)}\n`,
    );
  } else {
    process.stderr.write('usage: backup [dir] | restore <dir>\n');
    process.exit(64);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`tradewind: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
