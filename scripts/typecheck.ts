// `npm run typecheck`: every tsconfig of the repository, each with its own environment (the server without
// DOM types, the front ends without Node types, the shared packages with neither). Runs two at a time (CI's
// box has two cores and one tsc uses about one), prints each one's errors together once it ends, and fails
// if any failed. Incremental: build info in node_modules/.cache/tsc.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

export const configs = [
  // The slowest first, so the last ones to end are short.
  'apps/admin/tsconfig.node.json',
  'apps/server/tsconfig.json',
  'tsconfig.json',
  'apps/web/tsconfig.json',
  'apps/admin/tsconfig.json',
  'apps/web/tsconfig.node.json',
  'packages/contract/tsconfig.json',
  'packages/i18n/tsconfig.json',
] as const;

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(config: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', config, '--pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (status) => {
      process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${status === 0 ? 'ok  ' : 'FAIL'} ${config} (${seconds} s)`);
      resolve(status === 0);
    });
  });
}

const queue = [...configs];
const failed: string[] = [];
async function worker(): Promise<void> {
  for (let config = queue.shift(); config; config = queue.shift()) {
    if (!(await check(config))) failed.push(config);
  }
}
await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
if (failed.length > 0) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
