// The build check of the customer app's preload list: every file dist/.vite/preloads.json names must be in
// the same build. The server names them in each page as <link rel=modulepreload>; a name that is not there
// was a "Failed to load module script" on most pages (issue 23: Vite's CSS step removed 17 of the chunks
// the list named). Run by `npm run size -w apps/web`, which CI runs on the build the browser tests used.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Preloads = { routes: { path: string; files: string[] }[]; always: string[] };

/** The files preloads.json names that are not in `dist`, each with the first path that names it. */
export function missingPreloads(dist: string): { file: string; path: string }[] {
  const preloads = JSON.parse(readFileSync(join(dist, '.vite', 'preloads.json'), 'utf8')) as Preloads;
  const named = new Map<string, string>();
  for (const file of preloads.always) named.set(file, '(every path)');
  for (const route of preloads.routes)
    for (const file of route.files) named.set(file, named.get(file) ?? route.path);
  return [...named].filter(([file]) => !existsSync(join(dist, file))).map(([file, path]) => ({ file, path }));
}
