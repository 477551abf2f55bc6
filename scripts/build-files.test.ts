// The preload list check: a name outside the build is reported with the screen that names it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingPreloads } from './build-files.ts';

let dist = '';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'tw-build-files-'));
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  for (const f of ['Home-a1.js', 'web-b2.js', 'Trading-c3.js', 'trade-d4.css'])
    await writeFile(path.join(dist, 'assets', f), '');
});

afterAll(() => rm(dist, { recursive: true, force: true }));

async function writePreloads(tradingFiles: string[]): Promise<void> {
  const preloads = {
    routes: [
      { path: '/', files: ['assets/Home-a1.js'] },
      { path: '/trading', files: tradingFiles },
    ],
    always: ['assets/web-b2.js'],
  };
  await writeFile(path.join(dist, '.vite', 'preloads.json'), JSON.stringify(preloads));
}

describe('preloads.json check', () => {
  it('passes a list that names only files of the build', async () => {
    await writePreloads(['assets/Trading-c3.js', 'assets/trade-d4.css']);
    expect(missingPreloads(dist)).toEqual([]);
  });

  it('reports a chunk that the build removed, with the path that names it', async () => {
    await writePreloads(['assets/Trading-c3.js', 'assets/trade-DTJu7kH1.js', 'assets/trade-d4.css']);
    expect(missingPreloads(dist)).toEqual([{ file: 'assets/trade-DTJu7kH1.js', path: '/trading' }]);
  });
});
