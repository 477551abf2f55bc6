// Initial JS of the back office, gzipped: the chunks index.html loads (entry + modulepreloads) and every chunk
// the entry imports statically, read from the Vite manifest. Lazy chunks (charts, the rich-text editor, the
// other languages' catalogues) are not counted: they load with what needs them. Fails above the 250 KB budget
// (issue 13). Run after `vite build`: `npm run size -w apps/admin` (another build folder: `-- DIR`).
import { join } from 'node:path';
import { addWithImports, checkBudget, htmlScripts, readManifest } from '../../../scripts/js-budget.ts';

const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
const manifest = readManifest(dist);
const files = htmlScripts(dist, '/admin/');
const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
for (const key of entries) addWithImports(manifest, key, files);
if (files.size === 0) throw new Error('index.html loads no script');
checkBudget(dist, files, 250_000, 'back office initial JS');
