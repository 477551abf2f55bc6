// `npm run typecheck`: every tsconfig of the repository, each with its own environment (the server without
// DOM types, the front ends without Node types, the shared packages with neither). Runs them one after the
// other, prints each one's errors, and fails if any failed. Incremental: build info in node_modules/.cache/tsc.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

export const configs = [
  'packages/contract/tsconfig.json',
  'packages/i18n/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'apps/admin/tsconfig.json',
  'apps/web/tsconfig.node.json',
  'apps/admin/tsconfig.node.json',
  'tsconfig.json',
] as const;

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const failed: string[] = [];
for (const config of configs) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [tsc, '-p', config, '--pretty'], { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${run.status === 0 ? 'ok  ' : 'FAIL'} ${config} (${seconds} s)`);
  if (run.status !== 0) failed.push(config);
}
if (failed.length > 0) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
